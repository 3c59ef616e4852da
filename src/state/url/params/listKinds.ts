import { fail, ok, parseIndex, readInteger } from './kinds';
import type { Dropped, Outcome, ParamKind } from './types';

/*
 * The kinds of comma-separated lists a link carries ('' is the empty list). Strict lists (token indices, pairs)
 * refuse the whole value at the first bad entry; an id list (embed controls) keeps the ids it knows and reports
 * the rest. Repeated entries are dropped quietly, order is kept, and a writer leaves out what its reader refuses.
 */

/** Reads each entry; refuses the list at the first entry refused or when it has more than maxEntries entries. */
function strictList<T>(raw: string, maxEntries: number, entry: (text: string) => Outcome<T>, keyOf: (value: T) => string): Outcome<T[]> {
  if (raw === '') return ok([]);
  const entries = raw.split(',');
  if (entries.length > maxEntries) return fail('too-long');
  const seen = new Set<string>();
  const out: T[] = [];
  for (const text of entries) {
    const read = entry(text);
    if (!read.ok) return fail(read.reason);
    const key = keyOf(read.value);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(read.value);
    }
  }
  return ok(out);
}

/** Whole numbers from min to max (token indices), e.g. "1,3". */
export function intList<V>(min: number, max: number, maxEntries: number): ParamKind<readonly number[], V> {
  return {
    read: (raw) => strictList(raw, maxEntries, (text) => readInteger(text, min, max), String),
    write: (value) => value.filter((n) => n >= min && n <= max).join(','),
  };
}

/** How a pair type travels: its two indices, and the value made of two indices. */
export interface PairShape<T> {
  readonly parts: (value: T) => readonly [number, number];
  readonly make: (a: number, b: number) => T;
}

/**
 * Pairs of whole numbers written "a-b" (a head "layer-head", a cell "query-key"), e.g. "0-1,2-3". `max` gives the
 * largest a and b, perhaps from other parameters (a head must be inside the model).
 */
export function pairList<T, V>(shape: PairShape<T>, max: (link: V) => readonly [number, number], maxEntries: number): ParamKind<readonly T[], V> {
  const inside = (value: T, [maxA, maxB]: readonly [number, number]): boolean => {
    const [a, b] = shape.parts(value);
    return a <= maxA && b <= maxB;
  };
  const text = (value: T): string => shape.parts(value).join('-');
  return {
    read: (raw, link) => {
      const limits = max(link);
      return strictList(
        raw,
        maxEntries,
        (entry) => {
          const parts = entry.split('-');
          const a = parts.length === 2 ? parseIndex(parts[0]) : null;
          const b = parts.length === 2 ? parseIndex(parts[1]) : null;
          if (a === null || b === null) return fail('invalid');
          const value = shape.make(a, b);
          return inside(value, limits) ? ok(value) : fail('out-of-range');
        },
        text,
      );
    },
    write: (value, link) => {
      const limits = max(link);
      return value.filter((v) => inside(v, limits)).map(text).join(',');
    },
  };
}

const NONE = 'none';

/**
 * Ids from a fixed list (the embed's controls), forgivingly: '' or 'none' is the empty list; entries are trimmed;
 * blanks, 'none' and repeats are skipped. Ids that are not in the list are dropped with one 'invalid' note; with
 * `within`, known ids outside it (a lock on a control that is not shown) are dropped with one 'out-of-range' note.
 * Only the first maxEntries entries are read, so a huge list costs no more than a real one.
 */
export function idList<T extends string, V>(ids: readonly T[], maxEntries: number, within?: (link: V) => readonly T[]): ParamKind<readonly T[], V> {
  const isId = (text: string): text is T => (ids as readonly string[]).includes(text);
  return {
    read: (raw, link) => {
      const allowed = within?.(link);
      const kept: T[] = [];
      const unknown: string[] = [];
      const outside: T[] = [];
      for (const entry of raw.split(',').slice(0, maxEntries)) {
        const id = entry.trim();
        if (id === '' || id === NONE) continue;
        if (!isId(id)) {
          if (!unknown.includes(id)) unknown.push(id);
        } else if (allowed !== undefined && !allowed.includes(id)) {
          if (!outside.includes(id)) outside.push(id);
        } else if (!kept.includes(id)) kept.push(id);
      }
      const dropped: Dropped[] = [];
      if (unknown.length > 0) dropped.push({ value: unknown.join(','), reason: 'invalid' });
      if (outside.length > 0) dropped.push({ value: outside.join(','), reason: 'out-of-range' });
      return dropped.length > 0 ? { ok: true, value: kept, dropped } : ok(kept);
    },
    write: (value, link) => {
      const allowed = within?.(link);
      return (allowed === undefined ? value : value.filter((id) => allowed.includes(id))).join(',');
    },
  };
}
