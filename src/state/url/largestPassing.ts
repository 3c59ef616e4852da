/**
 * The largest k in [0, max] with ok(k), for ok monotone (true up to some k, false after); 0 when none is.
 * A binary search: O(log max) calls of ok, for the link fitters (how much text or list fits) and the embed's
 * token limit (how many tokens fit the work budget).
 */
export function largestPassing(max: number, ok: (k: number) => boolean): number {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
