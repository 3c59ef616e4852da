import type { Point } from '../../run/experiments';

// The vector-drag toy: one query and a few keys in a 2-D plane. The scores are dot products, the weights their
// softmax (the engine's maskedSoftmax, no mask), and each word's value is its own key, so the output is the
// weighted average of the key tips: computed by the 'vector-drag' experiment (src/run/experiments/small.ts).

export type { Point };

/** Both coordinates stay within ±PLANE_LIMIT. */
export const PLANE_LIMIT = 2.5;
/** One arrow-key press moves a point by STEP; with Shift by BIG_STEP. */
export const STEP = 0.1;
export const BIG_STEP = 0.5;

/** Four keys of about the same length (≈ 1.8) at different angles, so at first only the angle decides. */
export const DEFAULT_KEYS: readonly Point[] = [
  { x: 1.7, y: 0.6 },
  { x: 0.6, y: 1.7 },
  { x: -1.4, y: 1.1 },
  { x: -0.6, y: -1.7 },
];
export const DEFAULT_QUERY: Point = { x: 1.2, y: 0.9 };

export interface Scene {
  readonly query: Point;
  readonly keys: readonly Point[];
}

/** The starting scene; `queryOnKey` (a key index) starts the query exactly on that key's arrow. */
export function initialScene(queryOnKey?: unknown): Scene {
  const index = typeof queryOnKey === 'number' && Number.isInteger(queryOnKey) && queryOnKey >= 0 && queryOnKey < DEFAULT_KEYS.length ? queryOnKey : null;
  return { query: index === null ? DEFAULT_QUERY : DEFAULT_KEYS[index], keys: DEFAULT_KEYS };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function clampCoordinate(v: number): number {
  if (!Number.isFinite(v)) return 0;
  return round2(Math.min(PLANE_LIMIT, Math.max(-PLANE_LIMIT, v)));
}

/** Kept inside the plane and rounded to hundredths (so repeated 0.1 steps do not drift). */
export function clampPoint(p: Point): Point {
  return { x: clampCoordinate(p.x), y: clampCoordinate(p.y) };
}

export function movedBy(p: Point, dx: number, dy: number): Point {
  return clampPoint({ x: p.x + dx, y: p.y + dy });
}

/** The index of the largest weight (the first one on a tie): the engine's argmax. */
export { argmax } from '../../engine/decoding';
