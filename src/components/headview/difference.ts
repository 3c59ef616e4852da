import { color as parseColor } from 'd3';
import { maxAbsDifference, subtract, zeros, type EncoderLayerTrace, type Matrix } from '../../engine';
import { MASKED_CELL_FILL } from '../heatmap/palettes';

/** Which output is compared: the whole encoder layer, or only its multi-head attention sub-layer (before the residual and LayerNorm). */
export type DifferenceSource = 'layer' | 'attention';

export interface OutputDifferenceData {
  /** ablated − baseline, [tokens × E]. */
  readonly diff: Matrix;
  /** Largest |ablated − baseline| (engine's maxAbsDifference); 0 when nothing changed. */
  readonly maxAbs: number;
}

/** The change ablation made to one layer's output (or its attention output). */
export function outputDifference(ablated: EncoderLayerTrace, baseline: EncoderLayerTrace, source: DifferenceSource): OutputDifferenceData {
  const a = source === 'layer' ? ablated.output : ablated.attention.output;
  const b = source === 'layer' ? baseline.output : baseline.attention.output;
  if (a === b) return { diff: zeros(a.rows, a.cols), maxAbs: 0 };
  return { diff: subtract(a, b), maxAbs: maxAbsDifference(a, b) };
}

/**
 * Why this layer's output did or did not change:
 * 'all-on' nothing is ablated anywhere; 'off-here' heads of this layer are off; 'from-earlier' none here, but in
 * an earlier layer (the input changed); 'later-only' only later layers have heads off (no change here).
 */
export type DifferenceReason = 'all-on' | 'off-here' | 'from-earlier' | 'later-only';

export function differenceReason(disabledPerLayer: readonly ReadonlySet<number>[], layer: number): DifferenceReason {
  if (disabledPerLayer[layer]?.size) return 'off-here';
  if (disabledPerLayer.slice(0, layer).some((s) => s.size > 0)) return 'from-earlier';
  if (disabledPerLayer.slice(layer + 1).some((s) => s.size > 0)) return 'later-only';
  return 'all-on';
}

/** A difference for reading: 3 significant digits, exponent notation for tiny or huge values, a real minus sign, never "NaN". */
export function formatDelta(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const a = Math.abs(value);
  const text = a >= 1e-3 && a < 1e4 ? String(Number(value.toPrecision(3))) : value.toExponential(2);
  return text.replace('-', '−');
}

/** RGBA pixels of a [rows × cols] matrix through `colorOf`, one pixel per cell, row-major (canvas ImageData order). */
export function differencePixels(m: Matrix, colorOf: (value: number) => string): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(m.rows * m.cols * 4);
  const cache = new Map<string, [number, number, number]>();
  for (let i = 0; i < m.data.length; i++) {
    const v = m.data[i];
    const css = Number.isFinite(v) ? colorOf(v) : MASKED_CELL_FILL;
    let rgb = cache.get(css);
    if (!rgb) {
      const c = parseColor(css)?.rgb();
      rgb = c ? [c.r, c.g, c.b] : [0, 0, 0];
      cache.set(css, rgb);
    }
    pixels[i * 4] = rgb[0];
    pixels[i * 4 + 1] = rgb[1];
    pixels[i * 4 + 2] = rgb[2];
    pixels[i * 4 + 3] = 255;
  }
  return pixels;
}
