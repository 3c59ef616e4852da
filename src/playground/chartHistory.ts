import type { TrainingPoint } from './types';

/*
 * Keeps a chart series at most `max` points long however long training runs, by thinning it evenly rather than
 * dropping the oldest points: the whole run stays on the chart (the early drop of the loss is the interesting part).
 *
 * Per-step points (steps 1, 2, 3, …) keep the steps that are multiples of a stride, which doubles each time the
 * series would exceed `max`, so the kept points are always evenly spaced; the first and the newest point are kept too
 * while they are off the stride, so the chart spans the whole run (step 1's loss is the top of the early drop) up to
 * the current step. Held-out points come at irregular steps, so that series is halved by position instead (every
 * other point, counting back from the newest).
 */

export interface StepSeries {
  readonly points: readonly TrainingPoint[];
  /** Kept steps are multiples of this (1 until the first thinning). */
  readonly stride: number;
}

export const EMPTY_STEP_SERIES: StepSeries = { points: [], stride: 1 };

export function appendSteps(series: StepSeries, added: readonly TrainingPoint[], max: number): StepSeries {
  if (added.length === 0) return series;
  let stride = series.stride;
  let points = series.points.slice();
  // With max 1 only the newest fits (keeping the first too would never get below max).
  const keepFirst = max >= 2;
  for (const point of added) {
    const last = points[points.length - 1];
    if (last !== undefined && last.step % stride !== 0 && !(keepFirst && points.length === 1)) points.pop();
    points.push(point);
    while (points.length > max) {
      stride *= 2;
      const newest = points.length - 1;
      points = points.filter((p, i) => p.step % stride === 0 || i === newest || (keepFirst && i === 0));
    }
  }
  return { points, stride };
}

export function appendHalving(points: readonly TrainingPoint[], point: TrainingPoint, max: number): readonly TrainingPoint[] {
  let out = [...points, point];
  while (out.length > max) {
    const newest = out.length - 1;
    out = out.filter((_, i) => (newest - i) % 2 === 0);
  }
  return out;
}
