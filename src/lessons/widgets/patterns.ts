import { zeros, type Matrix } from '../../engine';

// Typical attention-head patterns as template weight matrices, and how close a real head comes to each.
// Pure functions: no React, no store.

/** The patterns heads are often seen to follow (Vaswani et al. 2017 Fig. 3–5; Olsson et al. 2022). */
export const PATTERN_IDS = ['previous', 'self', 'first', 'uniform', 'induction'] as const;
export type PatternId = (typeof PATTERN_IDS)[number];

/** Tokens compare as the embedding table does: case-folded, so "The" and "the" are the same token. */
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Spreads a row's weight evenly over `targets` (row r of m). */
function spread(m: Matrix, r: number, targets: readonly number[]): void {
  for (const c of targets) m.data[r * m.cols + c] = 1 / targets.length;
}

/**
 * A template [L × L] for the tokens: row i is where query i would look. Each row sums to 1, except rows with no
 * target by design, which are all 0 ("empty"):
 * - previous: token i − 1 (row 0 is empty: the first token has no predecessor);
 * - self: every occurrence of the same token, itself included (the diagonal when nothing repeats);
 * - first: token 0, the "attention sink";
 * - uniform: every token equally (a broad, unfocused head);
 * - induction: for "A B … A", the token right after each earlier occurrence of the current token (B). A token
 *   that has not occurred before has no target, so its row is empty.
 */
export function patternTemplate(id: PatternId, tokens: readonly string[]): Matrix {
  const n = tokens.length;
  const m = zeros(n, n);
  for (let i = 0; i < n; i++) {
    switch (id) {
      case 'previous':
        if (i > 0) spread(m, i, [i - 1]);
        break;
      case 'self':
        spread(m, i, tokens.flatMap((t, j) => (same(t, tokens[i]) ? [j] : [])));
        break;
      case 'first':
        spread(m, i, [0]);
        break;
      case 'uniform':
        spread(m, i, Array.from({ length: n }, (_, j) => j));
        break;
      case 'induction': {
        // j < i, so j + 1 ≤ i: the target is always a token the query has already seen.
        const targets = tokens.slice(0, i).flatMap((t, j) => (same(t, tokens[i]) ? [j + 1] : []));
        if (targets.length > 0) spread(m, i, targets);
        break;
      }
    }
  }
  return m;
}

function rowMass(m: Matrix, r: number): number {
  let s = 0;
  for (let c = 0; c < m.cols; c++) s += m.data[r * m.cols + c];
  return s;
}

/** Σ_j min(a_j, b_j) of row r: the share of attention the two rows put in the same places (1 = identical rows). */
export function rowOverlap(a: Matrix, b: Matrix, r: number): number {
  let s = 0;
  for (let c = 0; c < a.cols; c++) s += Math.min(a.data[r * a.cols + c], b.data[r * b.cols + c]);
  return s;
}

/**
 * How well a head's weights [L × L] follow a template: the mean row overlap over the rows where both have weight
 * (the template's empty rows and the head's fully masked rows are left out). 0 … 1; null when no row counts.
 */
export function patternSimilarity(template: Matrix, weights: Matrix): number | null {
  if (template.rows !== weights.rows || template.cols !== weights.cols) return null;
  let total = 0;
  let rows = 0;
  for (let r = 0; r < template.rows; r++) {
    if (rowMass(template, r) <= 0 || rowMass(weights, r) <= 0) continue;
    total += rowOverlap(template, weights, r);
    rows++;
  }
  return rows === 0 ? null : total / rows;
}

export interface HeadMatch {
  readonly layer: number;
  readonly head: number;
  /** patternSimilarity, 0 … 1. */
  readonly score: number;
}

/** Every head's similarity to the template (heads given per layer as weight matrices), best first; ties keep model order. */
export function rankHeads(template: Matrix, weightsPerLayer: readonly (readonly Matrix[])[]): HeadMatch[] {
  const matches: HeadMatch[] = [];
  weightsPerLayer.forEach((heads, layer) =>
    heads.forEach((weights, head) => {
      const score = patternSimilarity(template, weights);
      if (score !== null) matches.push({ layer, head, score });
    }),
  );
  return matches.sort((a, b) => b.score - a.score);
}

/** Whether a template has at least one non-empty row (an induction template needs a repeated token). */
export function hasTargets(template: Matrix): boolean {
  for (let r = 0; r < template.rows; r++) if (rowMass(template, r) > 0) return true;
  return false;
}
