import { isUrlStateParam, type UnknownParamNotice } from './urlState';

/*
 * Parameters in the lab page's address that are not lab settings. Nothing on the page reads them (lessons, the
 * guide and the playground live in the hash; embed options only mean something on embed.html), so the address
 * bar and shared links leave them out — a pasted `?zzz=<100 KB>` must not ride along in every copied link — and
 * the notices say so.
 */

/** Unknown names listed one by one; any beyond these are counted in one 'unknown-more' notice. */
export const MAX_UNKNOWN_NOTICES = 5;

/** One notice per unknown name (its first value), in link order, at most MAX_UNKNOWN_NOTICES plus a count. */
export function unknownParamNotices(query: string): UnknownParamNotice[] {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const firstValues = new Map<string, string>();
  for (const [name, value] of params) if (!isUrlStateParam(name) && !firstValues.has(name)) firstValues.set(name, value);
  const notices: UnknownParamNotice[] = [];
  for (const [param, value] of firstValues) {
    if (notices.length === MAX_UNKNOWN_NOTICES) break;
    notices.push({ param, value, reason: 'unknown', fallback: '' });
  }
  const more = firstValues.size - notices.length;
  if (more > 0) notices.push({ param: '', value: String(more), reason: 'unknown-more', fallback: '' });
  return notices;
}
