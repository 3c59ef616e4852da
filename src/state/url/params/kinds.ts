import { headsDivide, nearestDividingHeads } from '../../../engine';
import type { Outcome, ParamKind, ValueReason } from './types';

/*
 * The kinds of single values a link carries. Numbers are written as String(n) and read back strictly (no spaces,
 * no hex, no sign on whole numbers), so a link has one spelling per value.
 */

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (reason: ValueReason): Outcome<never> => ({ ok: false, reason });

/** A limit fixed in the table, or one that depends on another parameter of the link (the selected layer on layers). */
export type Limit<V> = number | ((link: V) => number);
const limitOf = <V>(limit: Limit<V>, link: V): number => (typeof limit === 'number' ? limit : limit(link));

const INDEX = /^\d{1,10}$/;

/** A non-negative whole number written in plain decimal digits, or null ("", "1e3", "+2", "3.0", " 4" are not). */
export function parseIndex(raw: string): number | null {
  return INDEX.test(raw) ? Number(raw) : null;
}

/** A whole number in [min, max]: '-3' and digits beyond any limit are out of range, anything else not digits is invalid. */
export function readInteger(raw: string, min: number, max: number): Outcome<number> {
  if (/^-\d+$/.test(raw)) return fail('out-of-range');
  const n = INDEX.test(raw) ? Number(raw) : /^\d+$/.test(raw) ? Infinity : null;
  if (n === null) return fail('invalid');
  return n >= min && n <= max ? ok(n) : fail('out-of-range');
}

/** A whole number from min to max, written in plain digits. */
export function intIn<V>(min: Limit<V>, max: Limit<V>): ParamKind<number, V> {
  return {
    read: (raw, link) => readInteger(raw, limitOf(min, link), limitOf(max, link)),
    write: (value) => String(value),
  };
}

/** A plain decimal number, optionally with an exponent: no hex, no spaces, no empty string, no Infinity. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A number from min to max (a learning rate), written as String(n) (0.001, 1e-7). */
export function decimalIn<V>(min: number, max: number): ParamKind<number, V> {
  return {
    read: (raw) => {
      if (!DECIMAL.test(raw)) return fail('invalid');
      const n = Number(raw);
      return Number.isFinite(n) && n >= min && n <= max ? ok(n) : fail('out-of-range');
    },
    write: (value) => String(value),
  };
}

/** On or off: written 1 / 0; true / false are read too. */
export function bool<V>(): ParamKind<boolean, V> {
  return {
    read: (raw) => (raw === '1' || raw === 'true' ? ok(true) : raw === '0' || raw === 'false' ? ok(false) : fail('invalid')),
    write: (value) => (value ? '1' : '0'),
  };
}

/** One of a fixed list of names, written as itself. */
export function enumOf<T extends string, V>(names: readonly T[]): ParamKind<T, V> {
  return {
    read: (raw) => (names.includes(raw as T) ? ok(raw as T) : fail('invalid')),
    write: (value) => value,
  };
}

/** One of a fixed list of names, or nothing (undefined: the parameter is left out of the link). */
export function optionalEnum<T extends string, V>(names: readonly T[]): ParamKind<T | undefined, V> {
  const named = enumOf<T, V>(names);
  return {
    read: (raw, link) => named.read(raw, link),
    write: (value, link) => (value === undefined ? undefined : named.write(value, link)),
  };
}

/** Lone surrogates cannot be percent-encoded (encodeURIComponent throws): replace them with U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The first `max` UTF-16 code units of `text`, one fewer when the cut would split a surrogate pair. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** Free text of at most `max` UTF-16 code units: longer text is refused when read and cut when written. */
export function textUpTo<V>(max: number): ParamKind<string, V> {
  return {
    read: (raw) => (raw.length <= max ? ok(raw) : fail('too-long')),
    write: (value) => wellFormed(clipText(value, max)),
  };
}

/**
 * A head count from 1 to `max` that divides the width another parameter sets. One that does not divide is refused
 * with 'heads-do-not-divide' and replaced by the nearest that does (nearestDividingHeads, the rule everywhere).
 */
export function dividingHeads<V>(max: number, width: (link: V) => number): ParamKind<number, V> {
  return {
    read: (raw, link) => {
      const heads = readInteger(raw, 1, max);
      if (!heads.ok) return heads;
      const w = width(link);
      return headsDivide(w, heads.value) ? heads : { ok: false, reason: 'heads-do-not-divide', fallback: nearestDividingHeads(w, heads.value, max) };
    },
    write: (value) => String(value),
  };
}
