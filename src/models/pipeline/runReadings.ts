import { averageHeadWeights, nextTokenDistribution, type Matrix, type MhaTrace, type NextTokenDistribution } from '../../engine';

/*
 * What views read off a run that takes a computation: asked here, computed once per run object and shared by every
 * view that reads it (the heads grid and the selected-head panel read one average; the predictions' top 5 and each
 * row's "before → after" read one distribution). Views never call the engine for them (the lint rule "Views do not run
 * the model").
 *
 *   headAverage(attention)         [queries × keys]: the active heads' mean weights (kept per trace by the engine)
 *   nextTokenAt(logits, position)  the softmax of one logits row: top k and any token's probability
 */

/** The mean of a layer's active heads' weights, [queries × keys]; kept per trace (a trace never changes). */
export function headAverage(attention: Pick<MhaTrace, 'heads' | 'disabledHeads'>): Matrix {
  return averageHeadWeights(attention);
}

const distributions = new WeakMap<Matrix, Map<number, NextTokenDistribution>>();

/** The next-token distribution after `position` of a run's logits [L × V]; one per logits matrix and position. */
export function nextTokenAt(logits: Matrix, position: number): NextTokenDistribution {
  let byPosition = distributions.get(logits);
  if (!byPosition) {
    byPosition = new Map();
    distributions.set(logits, byPosition);
  }
  let distribution = byPosition.get(position);
  if (!distribution) {
    distribution = nextTokenDistribution(logits, position);
    byPosition.set(position, distribution);
  }
  return distribution;
}
