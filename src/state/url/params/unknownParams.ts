import { searchParamsOf } from './readParams';
import { tableKeys, type ParamTable, type UnknownNotice } from './types';

/** Unknown names listed one by one; any beyond these are counted in one 'unknown-more' notice. */
export const MAX_UNKNOWN_NOTICES = 5;

/** The short names of a table's parameters. */
export function paramNames<V, N extends string>(table: ParamTable<V, N>): ReadonlySet<string> {
  return new Set<string>(tableKeys(table).map((key) => table[key].name));
}

/**
 * One notice per name in the query that is not in `known` (with its first value), in link order: at most
 * MAX_UNKNOWN_NOTICES, then one 'unknown-more' counting the rest, so a link of 5,000 made-up parameters does not
 * list 5,000 lines.
 */
export function unknownParamNotices(query: string, known: ReadonlySet<string>): UnknownNotice[] {
  const firstValues = new Map<string, string>();
  for (const [name, value] of searchParamsOf(query)) if (!known.has(name) && !firstValues.has(name)) firstValues.set(name, value);
  const notices: UnknownNotice[] = [];
  for (const [param, value] of firstValues) {
    if (notices.length === MAX_UNKNOWN_NOTICES) break;
    notices.push({ param, value, reason: 'unknown', fallback: '' });
  }
  const more = firstValues.size - notices.length;
  if (more > 0) notices.push({ param: '', value: String(more), reason: 'unknown-more', fallback: '' });
  return notices;
}
