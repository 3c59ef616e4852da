import type { Bi } from '../shared/bi';

export type { Bi };

/*
 * The instructor guide is data, like the lessons: every sentence in both languages (a Bi cannot be written with
 * one missing; tests/guide/content.test.ts fails on an empty or untranslated one). Prose may use `code` and
 * **bold** (src/shared/richText.ts). In code blocks, {base} becomes the address of this copy of the lab (ending
 * in '/') and {origin} its origin, so the examples work as pasted.
 */
export type GuideBlock =
  | { readonly kind: 'prose'; readonly text: Bi }
  | { readonly kind: 'list'; readonly items: readonly Bi[]; readonly ordered?: boolean }
  /** Code is the same in both languages unless it contains prose (a comment, a sentence): then a Bi. */
  | { readonly kind: 'code'; readonly lang: 'html' | 'js' | 'sh' | 'text' | 'nginx' | 'apache' | 'python'; readonly code: string | Bi; readonly caption?: Bi }
  /** The table of widgets: id, name, custom element. */
  | { readonly kind: 'widgets' }
  /** The tables of every parameter (src/guide/params.ts). */
  | { readonly kind: 'params' };

export interface GuideSection {
  /** Unique, for the heading's id and the contents list. */
  readonly id: string;
  readonly title: Bi;
  readonly blocks: readonly GuideBlock[];
}

export type ParamGroup = 'lab' | 'embed';

/** One row of the parameter table. `values` and `default` use `code` markup for literal values. */
export interface ParamDoc {
  readonly name: string;
  readonly group: ParamGroup;
  readonly meaning: Bi;
  readonly values: Bi;
  readonly default: Bi;
}
