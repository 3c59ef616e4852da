// Canvas painting shared by the large heatmap and the thumbnails: one ImageData pixel per cell, scaled up without
// smoothing, then hatch lines over the blocked cells. The pixel filling is pure (tested without a canvas).
import { rgb } from 'd3';
import type { BlockedMask, Matrix } from '../../engine';
import { isBlockedAt, type HeatmapScale } from './heatmapModel';
import { MASKED_CELL_FILL, MASKED_HATCH_STROKE } from './palettes';

/** Colour steps in a ramp: 256 is finer than the eye can tell apart on these palettes. */
export const RAMP_STEPS = 256;

function rgba(css: string): [number, number, number] {
  const c = rgb(css);
  return [Math.round(c.r), Math.round(c.g), Math.round(c.b)];
}

// Sampled ramps by the scale's rampKey and step count: a toggle repaints 19 canvases, each once needed 256 d3 colour parses.
const rampCache = new Map<string, Uint8ClampedArray>();

/** The scale sampled at RAMP_STEPS evenly spaced values of its domain, as RGBA bytes (shared when the scale has a rampKey: do not modify). */
export function colorRamp(scale: HeatmapScale, steps = RAMP_STEPS): Uint8ClampedArray {
  const key = scale.rampKey === undefined ? null : `${scale.rampKey}/${steps}`;
  const cached = key === null ? undefined : rampCache.get(key);
  if (cached) return cached;
  const ramp = sampleRamp(scale, steps);
  if (key !== null) rampCache.set(key, ramp);
  return ramp;
}

function sampleRamp(scale: HeatmapScale, steps: number): Uint8ClampedArray {
  const [lo, hi] = scale.domain;
  const out = new Uint8ClampedArray(steps * 4);
  for (let s = 0; s < steps; s++) {
    const [r, g, b] = rgba(scale.color(lo + ((hi - lo) * s) / (steps - 1)));
    out.set([r, g, b, 255], s * 4);
  }
  return out;
}

/** Ramp index of a value (clamped); NaN goes to the middle so it never paints as an extreme. */
export function rampIndex(value: number, domain: readonly [number, number], steps = RAMP_STEPS): number {
  const [lo, hi] = domain;
  const t = hi === lo ? 0.5 : (value - lo) / (hi - lo);
  if (Number.isNaN(t)) return Math.round((steps - 1) / 2);
  return Math.max(0, Math.min(steps - 1, Math.round(t * (steps - 1))));
}

const MASKED_RGB = rgba(MASKED_CELL_FILL);

/** Fills `pixels` (RGBA, cols × rows, row-major like the matrix) with one colour per cell; blocked cells grey. */
export function fillCellPixels(
  pixels: Uint8ClampedArray,
  matrix: Matrix,
  scale: HeatmapScale,
  mask: BlockedMask | null | undefined,
  ramp: Uint8ClampedArray = colorRamp(scale),
): Uint8ClampedArray {
  const steps = ramp.length / 4;
  for (let i = 0; i < matrix.data.length; i++) {
    const o = i * 4;
    if (isBlockedAt(matrix, mask, i)) {
      pixels[o] = MASKED_RGB[0];
      pixels[o + 1] = MASKED_RGB[1];
      pixels[o + 2] = MASKED_RGB[2];
    } else {
      const r = rampIndex(matrix.data[i], scale.domain, steps) * 4;
      pixels[o] = ramp[r];
      pixels[o + 1] = ramp[r + 1];
      pixels[o + 2] = ramp[r + 2];
    }
    pixels[o + 3] = 255;
  }
  return pixels;
}

/** Blocked cells merged into horizontal runs per row, [q, kFrom, kTo): a causal mask of n rows is n − 1 runs. */
export function blockedRuns(matrix: Matrix, mask: BlockedMask | null | undefined): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let q = 0; q < matrix.rows; q++) {
    let start = -1;
    for (let k = 0; k <= matrix.cols; k++) {
      const blocked = k < matrix.cols && isBlockedAt(matrix, mask, q * matrix.cols + k);
      if (blocked && start < 0) start = k;
      else if (!blocked && start >= 0) {
        runs.push([q, start, k]);
        start = -1;
      }
    }
  }
  return runs;
}

export interface PaintOptions {
  readonly matrix: Matrix;
  readonly scale: HeatmapScale;
  readonly mask?: BlockedMask | null;
  /** CSS pixel size of the painted cell area. */
  readonly width: number;
  readonly height: number;
  /** Device pixel ratio (default window.devicePixelRatio or 1). */
  readonly pixelRatio?: number;
}

/**
 * Paints the heatmap on `canvas` at device resolution. Returns false (and draws nothing) where canvas is not
 * available, e.g. jsdom.
 */
export function paintHeatmap(canvas: HTMLCanvasElement, { matrix, scale, mask, width, height, pixelRatio }: PaintOptions): boolean {
  const ratio = pixelRatio ?? (typeof window !== 'undefined' && window.devicePixelRatio > 0 ? window.devicePixelRatio : 1);
  const ctx = safeContext(canvas);
  if (!ctx || matrix.rows === 0 || matrix.cols === 0) return false;
  const scratch = canvas.ownerDocument.createElement('canvas');
  scratch.width = matrix.cols;
  scratch.height = matrix.rows;
  const scratchCtx = safeContext(scratch);
  if (!scratchCtx) return false;
  const image = scratchCtx.createImageData(matrix.cols, matrix.rows);
  fillCellPixels(image.data, matrix, scale, mask);
  scratchCtx.putImageData(image, 0, 0);

  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  canvas.width = w;
  canvas.height = h;
  ctx.imageSmoothingEnabled = false;
  ctx.clearRect(0, 0, w, h);
  ctx.drawImage(scratch, 0, 0, w, h);

  const runs = blockedRuns(matrix, mask);
  if (runs.length > 0) {
    const cw = w / matrix.cols;
    const ch = h / matrix.rows;
    ctx.save();
    ctx.beginPath();
    for (const [q, k0, k1] of runs) ctx.rect(k0 * cw, q * ch, (k1 - k0) * cw, ch);
    ctx.clip();
    ctx.beginPath();
    const spacing = 6 * ratio;
    for (let d = -h; d < w; d += spacing) {
      ctx.moveTo(d, h);
      ctx.lineTo(d + h, 0);
    }
    ctx.strokeStyle = MASKED_HATCH_STROKE;
    ctx.lineWidth = Math.max(1, ratio);
    ctx.stroke();
    ctx.restore();
  }
  return true;
}

function safeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try {
    return canvas.getContext('2d');
  } catch {
    return null;
  }
}
