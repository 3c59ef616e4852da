import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendHalving, appendSteps, EMPTY_STEP_SERIES, type StepSeries } from '../../src/playground/chartHistory';
import type { TrainingPoint } from '../../src/playground/types';

const point = (step: number): TrainingPoint => ({ step, loss: 1 / step, accuracy: 1 - 1 / (step + 1) });
const range = (from: number, to: number): TrainingPoint[] => Array.from({ length: to - from + 1 }, (_, i) => point(from + i));

/** The steps a series from `first` to `newest` keeps at `stride`: the first, the multiples between, the newest. */
function expectedSteps(stride: number, first: number, newest: number): number[] {
  const steps = [first];
  for (let s = first + 1; s < newest; s++) if (s % stride === 0) steps.push(s);
  if (newest > first) steps.push(newest);
  return steps;
}

/** Appends steps 1…total in chunks of the given sizes (as progress events arrive), checking max after each. */
function run(total: number, max: number, chunkSizes: readonly number[]): StepSeries {
  let series = EMPTY_STEP_SERIES;
  let next = 1;
  for (let c = 0; next <= total; c++) {
    const size = Math.max(1, chunkSizes[c % chunkSizes.length]);
    const added = range(next, Math.min(total, next + size - 1));
    series = appendSteps(series, added, max);
    next += added.length;
    expect(series.points.length).toBeLessThanOrEqual(max);
    expect(series.points[series.points.length - 1].step).toBe(next - 1);
  }
  return series;
}

describe('appendSteps (per-step loss and accuracy)', () => {
  it('below max, every step is kept in order', () => {
    const series = appendSteps(EMPTY_STEP_SERIES, range(1, 10), 20);
    expect(series.points).toEqual(range(1, 10));
    expect(series.stride).toBe(1);
  });

  it('adding nothing returns the series as it was', () => {
    const series = appendSteps(EMPTY_STEP_SERIES, range(1, 5), 20);
    expect(appendSteps(series, [], 20)).toBe(series);
  });

  it('never exceeds max, keeps the first and the newest step, and the points between are evenly spaced', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 2, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 6 }),
        (total, max, chunkSizes) => {
          const { points, stride } = run(total, max, chunkSizes);
          const steps = points.map((p) => p.step);
          expect(steps[0]).toBe(1);
          expect(steps[steps.length - 1]).toBe(total);
          // Between the first and the newest point: every multiple of the stride, none missing, nothing else.
          expect(steps).toEqual(expectedSteps(stride, 1, total));
          // Thinning only happens when needed: with half the stride there would be too many points.
          if (stride > 1) expect(expectedSteps(stride / 2, 1, total).length).toBeGreaterThan(max);
          // Points keep their values.
          for (const p of points) expect(p).toEqual(point(p.step));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a long run (10 000 steps, max 2000) spans the whole run with evenly spaced points', () => {
    const { points, stride } = run(10_000, 2000, [37]);
    expect(stride).toBe(8);
    expect(points[0].step).toBe(1);
    expect(points[points.length - 1].step).toBe(10_000);
    expect(points.length).toBeLessThanOrEqual(2000);
    const gaps = new Set(points.slice(1).map((p, i) => p.step - points[i].step));
    // 1 → 8 is the only short gap; the rest are the stride.
    expect([...gaps].sort((a, b) => a - b)).toEqual([7, 8]);
  });

  it('with max 1, only the newest step is kept', () => {
    const { points } = run(50, 1, [3]);
    expect(points.map((p) => p.step)).toEqual([50]);
  });

  it('a loaded model starting at step 3001 keeps its first step too', () => {
    let series = EMPTY_STEP_SERIES;
    for (let s = 3001; s <= 3100; s += 10) series = appendSteps(series, range(s, s + 9), 16);
    const steps = series.points.map((p) => p.step);
    expect(steps).toEqual(expectedSteps(series.stride, 3001, 3100));
    expect(steps.length).toBeLessThanOrEqual(16);
  });
});

describe('appendHalving (held-out evaluations at irregular steps)', () => {
  it('never exceeds max, always keeps the newest point, keeps the order, and only drops points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 300 }), (max, gaps) => {
        let points: readonly TrainingPoint[] = [];
        let step = 0;
        for (const gap of gaps) {
          step += gap;
          const before = new Set(points.map((p) => p.step));
          points = appendHalving(points, point(step), max);
          expect(points.length).toBeLessThanOrEqual(max);
          expect(points[points.length - 1]).toEqual(point(step));
          for (let i = 1; i < points.length; i++) expect(points[i].step).toBeGreaterThan(points[i - 1].step);
          for (const p of points.slice(0, -1)) expect(before.has(p.step)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('when full, it keeps every other point counting back from the newest', () => {
    const full = range(1, 4);
    expect(appendHalving(full, point(5), 4).map((p) => p.step)).toEqual([1, 3, 5]);
    expect(appendHalving(range(1, 5), point(6), 5).map((p) => p.step)).toEqual([2, 4, 6]);
    expect(appendHalving(range(1, 2), point(3), 4).map((p) => p.step)).toEqual([1, 2, 3]);
  });
});
