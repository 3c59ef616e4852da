import { tableKeys, type ParamTable, type ValueNotice } from './types';

export interface ReadParams<V, N extends string> {
  /**
   * The fields the link sets (its value, or the fallback when the value was refused), and the fields it leaves out
   * whose fallback differs from the default (a head count made to divide the width the link sets). Apply it over
   * the defaults passed to readParams.
   */
  readonly values: Partial<V>;
  /** One notice per refused or repeated value, in table order. */
  readonly notices: readonly ValueNotice<N>[];
}

/** The query without its leading '?', as URLSearchParams reads it (it never throws on bad percent-encoding). */
export function searchParamsOf(query: string): URLSearchParams {
  return new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
}

/**
 * Reads every parameter of `table` from a query string (with or without '?'). Nothing refused is fatal: a value
 * that cannot be used falls back (the kind's better fit, else the parameter's fallback) and yields a notice, so a
 * broken or hostile link still opens a working page. Names that are not in the table are ignored here
 * (unknownParamNotices reports them for pages that drop them).
 *
 * A parameter's limits may depend on others (heads on the width, a selected head on the head count): the kinds see
 * the link's values through a view whose fields are read when first asked for, whatever their place in the table,
 * so the table order is only the order of the link and of the notices.
 */
export function readParams<V, N extends string>(table: ParamTable<V, N>, query: string, defaults: V): ReadParams<V, N> {
  const search = searchParamsOf(query);
  const keys = tableKeys(table);
  const resolved = new Map<keyof V, unknown>();
  const reading = new Set<keyof V>();
  const noticesOf = new Map<keyof V, ValueNotice<N>[]>();
  const values: Partial<V> = {};

  const get = <K extends keyof V>(key: K): V[K] => {
    if (resolved.has(key)) return resolved.get(key) as V[K];
    // A table whose limits refer to each other in a circle is a programming error, not a bad link.
    if (reading.has(key)) throw new Error(`Parameter ${String(key)} depends on itself.`);
    reading.add(key);
    const value = readOne(key);
    reading.delete(key);
    resolved.set(key, value);
    return value;
  };
  // The values as the kinds see them: each field is read on first use (a getter per field of the table).
  const link = {} as V;
  for (const key of keys) Object.defineProperty(link, key, { get: () => get(key), enumerable: true });

  function readOne<K extends keyof V>(key: K): V[K] {
    const { name, kind, fallback } = table[key];
    const notices: ValueNotice<N>[] = [];
    noticesOf.set(key, notices);
    const all = search.getAll(name);
    if (all.length > 1) notices.push({ param: name, value: all.slice(1).join(', '), reason: 'repeated', fallback: all[0] });
    if (all.length === 0) {
      const value = fallback(link);
      if (kind.write(value, link) !== kind.write(defaults[key], link)) values[key] = value;
      return value;
    }
    const outcome = kind.read(all[0], link);
    let value: V[K];
    if (outcome.ok) {
      value = outcome.value;
      for (const dropped of outcome.dropped ?? []) notices.push({ param: name, value: dropped.value, reason: dropped.reason, fallback: '' });
    } else {
      value = outcome.fallback ?? fallback(link);
      notices.push({ param: name, value: all[0], reason: outcome.reason, fallback: kind.write(value, link) ?? '' });
    }
    values[key] = value;
    return value;
  }

  for (const key of keys) get(key);
  return { values, notices: keys.flatMap((key) => noticesOf.get(key) ?? []) };
}
