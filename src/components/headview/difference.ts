import { maxAbsDifference, subtract, zeros, type EncoderLayerTrace, type Matrix } from '../../engine';
import { scoreColor } from '../heatmap/palettes';
import { colorRamp, MASKED_RGB, rampIndex } from '../heatmap/paint';
import { SCORES_RAMP_KEY } from '../heatmap/heatmapModel';

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

/**
 * RGBA pixels of a [rows × cols] difference, one pixel per cell, row-major (canvas ImageData order), on the diverging
 * scale of ±maxAbs (scoreColor) sampled once into a shared 256-step ramp: per-cell d3 colours cost more than the
 * rest of a head toggle. Non-finite values are grey.
 */
export function differencePixels(m: Matrix, maxAbs: number): Uint8ClampedArray {
  const limit = maxAbs > 0 && Number.isFinite(maxAbs) ? maxAbs : 1;
  const domain = [-limit, limit] as const;
  const ramp = colorRamp({ kind: 'scores', domain, color: scoreColor(limit), ticks: [], rampKey: SCORES_RAMP_KEY });
  const steps = ramp.length / 4;
  const pixels = new Uint8ClampedArray(m.rows * m.cols * 4);
  for (let i = 0; i < m.data.length; i++) {
    const v = m.data[i];
    const o = i * 4;
    if (Number.isFinite(v)) {
      const r = rampIndex(v, domain, steps) * 4;
      pixels[o] = ramp[r];
      pixels[o + 1] = ramp[r + 1];
      pixels[o + 2] = ramp[r + 2];
    } else {
      pixels[o] = MASKED_RGB[0];
      pixels[o + 1] = MASKED_RGB[1];
      pixels[o + 2] = MASKED_RGB[2];
    }
    pixels[o + 3] = 255;
  }
  return pixels;
}
