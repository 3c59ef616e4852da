// Facts about the sinusoidal positional encoding that the pe-heatmap widget prints next to the engine's matrix.

/** Wavelength (in positions) of dimensions 2i and 2i + 1 for width d: 2π · 10000^(2i/d), from 2π up to 10000·2π. */
export function wavelength(dimension: number, width: number): number {
  const pair = Math.floor(dimension / 2);
  return 2 * Math.PI * Math.pow(10000, (2 * pair) / width);
}

/**
 * A few sine dimensions spread from fast to slow (at most 4, all even so each is a sin curve): the first pair,
 * the second, and those a quarter and half of the way along the width.
 */
export function plottedDimensions(width: number): number[] {
  const pairs = Math.ceil(width / 2);
  const picks = [0, 1, Math.round(pairs / 4), Math.round(pairs / 2)].filter((p) => p < pairs);
  return [...new Set(picks)].sort((a, b) => a - b).map((p) => 2 * p);
}

/** Widths offered by the widget besides the lab's d_model; 4 shows the textbook check value. */
export const PE_WIDTHS: readonly number[] = [4, 8, 16, 32, 64, 128];
export const PE_MAX_POSITIONS = 128;
export const PE_DEFAULT_POSITIONS = 64;

/** A typed or configured number as a whole number within [min, max]; `fallback` when it is not a number. */
export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}
