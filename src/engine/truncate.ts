/**
 * A text cut to at most `max` characters (whole code points, so an emoji is never split), ending in an ellipsis
 * when it was cut. Used for every user value quoted back in a label, a notice or a refusal. It reads at most `max + 1`
 * code points, so a megabyte of text costs no more than a short one.
 */
export function truncateLabel(text: string, max = 12): string {
  const limit = Math.max(1, Math.floor(max));
  if (text.length <= limit) return text; // at most `limit` code units, so at most `limit` code points
  let count = 0;
  let keep = 0; // where the first limit − 1 code points end
  for (let i = 0; i < text.length; ) {
    const size = (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    count += 1;
    if (count > limit) return `${text.slice(0, keep)}…`;
    i += size;
    if (count === limit - 1) keep = i;
  }
  return text;
}
