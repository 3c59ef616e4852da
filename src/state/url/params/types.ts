/*
 * The shape of a page's parameter table, TensorFlow Playground style: every parameter of a link is declared once —
 * its short name, how its value is read and written (its kind, which holds its limits) and what is used when the
 * link leaves it out or gets it wrong — and one reader (readParams) and one writer (writeParams) serve every page.
 */

/**
 * Why a value from a link was not used as it stands. One set for every page (lab, embed, playground), so a notice
 * means the same everywhere and each page translates the same codes.
 */
export type ValueReason =
  /** Not readable as this parameter's type (d=abc, mask=evil, cells=1-2-3, widget=nope). */
  | 'invalid'
  /** Readable but outside what is allowed (layers=99, seed=-1, head=9 with 4 heads, a lock on a control not shown). */
  | 'out-of-range'
  /** A head count that does not divide the width: the nearest one that does is used (nearestDividingHeads). */
  | 'heads-do-not-divide'
  /** A text longer than its limit, or a list with too many entries. */
  | 'too-long'
  /** The parameter appears more than once; the first occurrence is used. */
  | 'repeated';

/** Why a parameter the page does not know was left out. */
export type UnknownReason =
  /** Not a parameter of the page: `param` is the name the link used, `value` its (first) value. */
  | 'unknown'
  /** More unknown parameters than are listed one by one: `value` is how many more (digits). */
  | 'unknown-more';

export type NoticeReason = ValueReason | UnknownReason;

/** A value from the link that was not used (or not wholly). Typed so the interface can translate it. */
export interface ValueNotice<N extends string = string> {
  readonly param: N;
  /** The offending value exactly as it was in the link (decoded): raw user data, render as text only. */
  readonly value: string;
  readonly reason: ValueReason;
  /**
   * What is used instead, written as it would be in a link ('' for an empty list, or when entries are simply
   * dropped); for 'repeated', the link's own first value.
   */
  readonly fallback: string;
}

/** A parameter the page does not know, dropped from the address. */
export interface UnknownNotice {
  /** The name as it was in the link (raw user data: render as text, cut short); '' for 'unknown-more'. */
  readonly param: string;
  readonly value: string;
  readonly reason: UnknownReason;
  readonly fallback: '';
}

export type ParamNotice<N extends string = string> = ValueNotice<N> | UnknownNotice;

/** Entries of a list that were left out while the rest was used (controls=text,foo → foo). */
export interface Dropped {
  readonly value: string;
  readonly reason: ValueReason;
}

/** What reading one value gives: the value (perhaps with entries dropped), or why it is refused. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T; readonly dropped?: readonly Dropped[] }
  /** `fallback`: a value that fits better than the parameter's own fallback (the nearest head count). */
  | { readonly ok: false; readonly reason: ValueReason; readonly fallback?: T };

/**
 * How one type of value travels in a link. Its limits live here too, so reading and writing agree on them. `link`
 * holds the other values of the same link (as read, or their fallbacks): limits may depend on them (a selected
 * head below the head count).
 */
export interface ParamKind<T, V> {
  /** Reads the link's text (decoded). Never throws: anything unreadable is an Outcome with a reason. */
  read(raw: string, link: V): Outcome<T>;
  /** The text for the link, or undefined to leave the parameter out. What read refuses is never written. */
  write(value: T, link: V): string | undefined;
}

/**
 * One parameter of a link, of value type T in a link of values V: it sets the field it is filed under in the
 * table. (V is only ever read, so a page's table can reuse the entries of a page whose values it extends.)
 */
export interface Param<T, V, N extends string = string> {
  /** The short name in the link. */
  readonly name: N;
  readonly kind: ParamKind<T, V>;
  /** The value when the link leaves the parameter out or its value is refused, given the other values. */
  readonly fallback: (link: V) => T;
  /** Written even when it equals the default (by default only values that differ from it are). */
  readonly always?: boolean | ((values: V) => boolean);
  /** Left out of the link when true: a value the rest of the link makes meaningless (the step of a widget without steps). */
  readonly omitWhen?: (link: V) => boolean;
}

/**
 * A page's parameters: one entry per field of the values V. The order of the keys in the object literal is the
 * order in which the parameters are written to the link (and in which notices are listed).
 */
export type ParamTable<V, N extends string = string> = { readonly [K in keyof V]-?: Param<V[K], V, N> };

/** The fields of a table in link order. */
export function tableKeys<V, N extends string>(table: ParamTable<V, N>): (keyof V)[] {
  return Object.keys(table) as (keyof V)[];
}
