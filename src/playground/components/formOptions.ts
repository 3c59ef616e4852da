import { dividingHeadCounts } from '../../engine/multiHead';
import { PLAYGROUND_LIMITS } from '../types';

/*
 * The choices the form offers. Links may hold any value within PLAYGROUND_LIMITS (width=24, lr=0.007), so the
 * current value is always among the options, in order, even when it is not one of the usual ones.
 */

export const LAYER_CHOICES: readonly number[] = Array.from(
  { length: PLAYGROUND_LIMITS.layers.max - PLAYGROUND_LIMITS.layers.min + 1 },
  (_, i) => PLAYGROUND_LIMITS.layers.min + i,
);
export const WIDTH_CHOICES: readonly number[] = [8, 16, 32, 64, 128];
/** From too small to learn in a minute up to large enough to diverge: both are worth seeing. */
export const LEARNING_RATE_CHOICES: readonly number[] = [1e-4, 3e-4, 1e-3, 3e-3, 5e-3, 1e-2, 3e-2, 0.1, 0.3, 1];

/** `choices` with `current` added, sorted ascending, no duplicates. */
export function withCurrent(choices: readonly number[], current: number): number[] {
  return Array.from(new Set([...choices, current])).sort((a, b) => a - b);
}

/** Head counts from 1 to the limit that divide `width` (d_k = width / heads must be whole). */
export function headChoices(width: number): number[] {
  return dividingHeadCounts(width, PLAYGROUND_LIMITS.heads.max);
}

/**
 * Multiply-adds per token of one training step's forward pass, up to a constant: per layer the four E × E attention
 * projections and the two E × F feed-forward matrices (F = 2E here, so 8E²) plus the T × E scores and weighted sum,
 * then the classifier. The backward costs about twice the forward, the same factor for every model.
 */
export function workPerToken(layers: number, width: number, seqLen: number, vocab: number): number {
  return layers * (8 * width * width + 2 * seqLen * width) + width * vocab;
}

/** How many times the work of the reversal default (1 layer, width 32) a step of this model is, rounded. */
export function relativeWork(layers: number, width: number, seqLen: number, vocab: number): number {
  return Math.round(workPerToken(layers, width, seqLen, vocab) / workPerToken(1, 32, seqLen, vocab));
}
