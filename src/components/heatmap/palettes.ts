import { interpolateCividis, interpolateRdBu, interpolateViridis, scaleDiverging, scaleSequential } from 'd3';

/** Colour-blind-safe sequential palettes for attention weights (domain 0 … 1). */
export type WeightPalette = 'viridis' | 'cividis';

export const WEIGHT_PALETTES: readonly WeightPalette[] = ['viridis', 'cividis'];

/** Weight in [0, 1] → CSS colour. */
export function weightColor(palette: WeightPalette = 'viridis'): (weight: number) => string {
  return scaleSequential(palette === 'cividis' ? interpolateCividis : interpolateViridis).domain([0, 1]).clamp(true);
}

/**
 * Raw or scaled scores can be negative: a diverging palette centred on 0, symmetric so equal magnitudes get
 * equal strength (blue negative, red positive; RdBu reads for the common colour-vision deficiencies).
 */
export function scoreColor(maxAbs: number): (score: number) => string {
  const m = maxAbs > 0 && Number.isFinite(maxAbs) ? maxAbs : 1;
  return scaleDiverging((t: number) => interpolateRdBu(1 - t)).domain([-m, 0, m]).clamp(true);
}

/** Largest |value| ignoring ±Infinity (masked logits), for a diverging domain. */
export function maxAbsFinite(values: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) {
    const v = Math.abs(values[i]);
    if (Number.isFinite(v) && v > m) m = v;
  }
  return m;
}

/** Masked cells are not a colour on the scale: grey with hatching, so they never read as weight 0. */
export const MASKED_CELL_FILL = '#d4d4d8';
export const MASKED_HATCH_STROKE = '#71717a';
