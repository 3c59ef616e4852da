// The benchmarked problems: multi-head self-attention, no mask, all heads on, for the sizes the issue names.
import { mulberry32 } from '../../src/engine/random';
import { randomMhaParams, type MhaParams } from '../../src/engine/multiHead';
import { zeros, type Matrix } from '../../src/engine/matrix';

export interface Problem {
  /** L tokens, width E, H heads. */
  readonly tokens: number;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly x: Matrix; // L × E
  readonly params: MhaParams;
}

export const SIZES: readonly (readonly [tokens: number, embedDim: number, numHeads: number])[] = [
  [8, 32, 4],
  [64, 128, 8],
  [256, 256, 8],
  [512, 512, 8],
];

/**
 * Multiply-adds counted as 2 FLOPs: q, k, v and output projections 4 · 2LE², scores and weights·V 2 · 2L²E.
 * Softmax, bias and copies are not counted (they are O(HL²) and O(LE)).
 */
export function mhaFlops(p: Pick<Problem, 'tokens' | 'embedDim'>): number {
  const l = p.tokens;
  const e = p.embedDim;
  return 8 * l * e * e + 4 * l * l * e;
}

/** Seeded, so every run times the same numbers. Biases are non-zero so that the peers' bias handling is checked too. */
export function makeProblem(tokens: number, embedDim: number, numHeads: number): Problem {
  const random = mulberry32(tokens * 7919 + embedDim * 31 + numHeads);
  const params = randomMhaParams(embedDim, numHeads, random);
  for (const b of [params.bQ, params.bK, params.bV, params.bO]) for (let i = 0; i < b.length; i++) b[i] = (random() - 0.5) * 0.2;
  const x = zeros(tokens, embedDim);
  for (let i = 0; i < x.data.length; i++) x.data[i] = random() * 2 - 1;
  return { tokens, embedDim, numHeads, x, params };
}
