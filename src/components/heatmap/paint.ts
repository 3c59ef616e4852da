// The canvas renderer of the one cell layout (cellLayout.ts), for the large heatmap and the thumbnails: one
// ImageData pixel per cell, scaled up without smoothing, then hatch lines over the layout's blocked runs. The pixel
// filling is pure (tested without a canvas).
import { rgb } from 'd3';
import type { BlockedMask, Matrix } from '../../engine';
import type { HeatmapCellLayout } from './cellLayout';
import type { HeatmapScale } from './heatmapModel';
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

/** The grey of a blocked cell, as RGB bytes (every canvas painter's). */
export const MASKED_RGB = rgba(MASKED_CELL_FILL);

/** Fills `pixels` (RGBA, cols × rows, row-major like the matrix) with one colour per cell; blocked cells grey. */
export function fillCellPixels(
  pixels: Uint8ClampedArray,
  matrix: Matrix,
  scale: HeatmapScale,
  mask: BlockedMask | null | undefined,
  ramp: Uint8ClampedArray = colorRamp(scale),
): Uint8ClampedArray {
  const steps = ramp.length / 4;
  const last = steps - 1;
  // rampIndex inlined: this loop runs once per cell of every heatmap a toggle repaints.
  const [lo, hi] = scale.domain;
  const flat = hi === lo;
  const range = hi - lo;
  const middle = Math.round(last / 2);
  const { data } = matrix;
  const blocked = mask ? mask.blocked : null;
  // A pixel is 4 bytes copied as one 32-bit word from the ramp (the same byte order in both views, so endianness
  // does not matter): 4 clamped byte stores per cell took twice as long (0.17 against 0.08 ms for 128 × 128). A buffer
  // that cannot be viewed as whole words (an odd offset) is filled through a copy.
  const direct = pixels.byteOffset % 4 === 0 && pixels.length >= data.length * 4;
  const words = direct ? new Uint32Array(pixels.buffer, pixels.byteOffset, data.length) : new Uint32Array(data.length);
  const rampWords = ramp.byteOffset % 4 === 0 ? new Uint32Array(ramp.buffer, ramp.byteOffset, steps) : new Uint32Array(ramp.slice().buffer);
  const maskedWord = new Uint32Array(Uint8ClampedArray.of(MASKED_RGB[0], MASKED_RGB[1], MASKED_RGB[2], 255).buffer)[0];
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if ((blocked !== null && blocked[i] === 1) || v === -Infinity) {
      words[i] = maskedWord;
      continue;
    }
    // the same step as rampIndex (Math.round, clamped; NaN in the middle), so a cell gets the colour its legend and
    // tooltip give it
    const x = (flat ? 0.5 : (v - lo) / range) * last;
    words[i] = rampWords[x > 0 ? (x >= last ? last : Math.round(x)) : x === x ? 0 : middle];
  }
  if (!direct) pixels.set(new Uint8ClampedArray(words.buffer, 0, Math.min(pixels.length, words.byteLength)));
  return pixels;
}

export { blockedRuns } from './cellLayout';

export interface PaintOptions {
  /** CSS pixel size of the painted cell area (default the layout's plotWidth × plotHeight). */
  readonly width?: number;
  readonly height?: number;
  /** Device pixel ratio (default window.devicePixelRatio or 1). */
  readonly pixelRatio?: number;
}

/**
 * Paints a cell layout on `canvas` at device resolution: one pixel per cell (its colour from the layout's scale,
 * blocked cells grey), scaled up without smoothing over the cell area, then hatch lines over the layout's blocked
 * runs. Returns false (and draws nothing) where canvas is not available, e.g. jsdom.
 */
export function paintHeatmap(canvas: HTMLCanvasElement, layout: HeatmapCellLayout, { width = layout.plotWidth, height = layout.plotHeight, pixelRatio }: PaintOptions = {}): boolean {
  const { matrix, scale, mask } = layout;
  const ratio = pixelRatio ?? (typeof window !== 'undefined' && window.devicePixelRatio > 0 ? window.devicePixelRatio : 1);
  const ctx = safeContext(canvas);
  if (!ctx || matrix.rows === 0 || matrix.cols === 0) return false;
  const scratch = cellCanvas(canvas, matrix.cols, matrix.rows);
  if (!scratch) return false;
  fillCellPixels(scratch.image.data, matrix, scale, mask);
  scratch.ctx.putImageData(scratch.image, 0, 0);

  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  // Setting a canvas's size reallocates its pixels even when it is the same: only a new size does.
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  ctx.imageSmoothingEnabled = false;
  ctx.clearRect(0, 0, w, h);
  ctx.drawImage(scratch.canvas, 0, 0, matrix.cols, matrix.rows, 0, 0, w, h);
  const hatch = hatchOverlay(canvas.ownerDocument, layout, w, h, ratio);
  if (hatch) ctx.drawImage(hatch, 0, 0);
  return true;
}

/** A canvas of one pixel per cell and its ImageData, kept per painted canvas while the matrix keeps its shape. */
interface CellCanvas {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  readonly image: ImageData;
}

/*
 * One cell canvas per painted canvas, not one for all: Chromium made each putImageData into a shared scratch canvas
 * wait on the canvases drawn from it in the same task (0.1–0.6 ms each, 2–9 ms per mask click over 19 heatmaps;
 * with a canvas of their own the 19 paints take ~0.5 ms).
 */
const cellCanvases = new WeakMap<HTMLCanvasElement, CellCanvas>();

function cellCanvas(target: HTMLCanvasElement, cols: number, rows: number): CellCanvas | null {
  const kept = cellCanvases.get(target);
  if (kept && kept.image.width === cols && kept.image.height === rows) return kept;
  const canvas = kept?.canvas ?? target.ownerDocument.createElement('canvas');
  const ctx = kept?.ctx ?? safeContext(canvas);
  if (!ctx) return null;
  canvas.width = cols;
  canvas.height = rows;
  const made = { canvas, ctx, image: ctx.createImageData(cols, rows) };
  cellCanvases.set(target, made);
  return made;
}

/**
 * The hatch lines over the layout's blocked runs, at device size, drawn once per blocked shape and size and kept: a
 * head toggle repaints several heatmaps of the same causal mask, and clipping and stroking the lines was most of a
 * paint. Null when no cell is blocked.
 */
function hatchOverlay(doc: Document, layout: HeatmapCellLayout, w: number, h: number, ratio: number): HTMLCanvasElement | null {
  const { blockedRuns: runs, rows, cols } = layout;
  if (runs.length === 0) return null;
  const key = `${w}x${h}@${ratio}/${rows}x${cols}/${layout.blockedKey}`;
  const kept = hatchCache.get(key);
  if (kept && kept.ownerDocument === doc) {
    hatchCache.delete(key); // most recently used last
    hatchCache.set(key, kept);
    return kept;
  }
  const overlay = doc.createElement('canvas');
  overlay.width = w;
  overlay.height = h;
  const ctx = safeContext(overlay);
  if (!ctx) return null;
  // The layout's cells at device size (a canvas has no gap between cells: its inset is 0).
  const cw = w / cols;
  const ch = h / rows;
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
  hatchCache.set(key, overlay);
  if (hatchCache.size > HATCH_CACHE_SIZE) hatchCache.delete(hatchCache.keys().next().value as string);
  return overlay;
}

/** Overlays kept: a page shows a few sizes (thumbnails, the selected head, an embed) of one or two masks. */
const HATCH_CACHE_SIZE = 12;
const hatchCache = new Map<string, HTMLCanvasElement>();

function safeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try {
    return canvas.getContext('2d');
  } catch {
    return null;
  }
}
