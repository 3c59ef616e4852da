// Pure helpers behind every heatmap: scales, formatting, geometry, label thinning, keyboard moves.
// No React and no DOM here, so the canvas path's logic is testable in jsdom (which has no canvas).
import { scaleLinear } from 'd3';
import type { BlockedMask, Matrix } from '../../engine';
import { isBlockedAt } from '../../models/pipeline/blockedRuns';
import { maxAbsFinite, scoreColor, weightColor, type WeightPalette } from './palettes';

/** Beyond this many tokens (max of rows, cols) a heatmap is painted on a canvas instead of one SVG rect per cell. */
export const SVG_TOKEN_LIMIT = 32;

/** 'weights': softmax output in [0, 1], sequential palette. 'scores': QKᵀ or QKᵀ/√d_k, any sign, diverging palette. */
export type HeatmapKind = 'weights' | 'scores';

/** One cell: q = query (row) index, k = key (column) index, both 0-based. */
export interface CellRef {
  readonly q: number;
  readonly k: number;
}

/** What a heatmap needs to colour a value and to draw its legend. */
export interface HeatmapScale {
  readonly kind: HeatmapKind;
  /** [lowest, highest] value of the colour ramp: [0, 1] for weights, [−m, m] for scores. */
  readonly domain: readonly [number, number];
  /** Value → CSS colour (clamped to the domain). */
  readonly color: (value: number) => string;
  /** Legend tick values, inside the domain. */
  readonly ticks: readonly number[];
  /**
   * Names the colours sampled evenly over the domain (the same for every scale with this key, whatever the domain's
   * width): lets painters reuse one sampled ramp instead of parsing 256 CSS colours per canvas per repaint.
   */
  readonly rampKey?: string;
}

/** True when the cell at flat index i is blocked: by the mask, or because its logit is −∞ (a `masked` matrix). */
export { isBlockedAt };

/** Whether any cell is blocked. */
export function hasBlocked(matrix: Matrix, mask: BlockedMask | null | undefined): boolean {
  for (let i = 0; i < matrix.data.length; i++) if (isBlockedAt(matrix, mask, i)) return true;
  return false;
}

/** Rows whose every key is blocked (their softmax weights are all 0, PyTorch would give NaN). */
export function fullyBlockedRows(matrix: Matrix, mask: BlockedMask | null | undefined): number[] {
  const out: number[] = [];
  if (matrix.cols === 0) return out;
  for (let q = 0; q < matrix.rows; q++) {
    let all = true;
    for (let k = 0; k < matrix.cols && all; k++) all = isBlockedAt(matrix, mask, q * matrix.cols + k);
    if (all) out.push(q);
  }
  return out;
}

/** The ramp key of every diverging score scale (scoreColor sampled over its own ±m domain). */
export const SCORES_RAMP_KEY = 'scores/RdBu';

/**
 * The colour scale for a matrix. Weights: weightColor(palette) on 0 … 1. Scores: scoreColor(m), symmetric
 * around 0, with m the largest |value| over the cells that are drawn in colour (blocked and ±∞ cells ignored).
 */
export function heatmapScale(kind: HeatmapKind, matrix: Matrix, mask: BlockedMask | null | undefined, palette: WeightPalette = 'viridis'): HeatmapScale {
  if (kind === 'weights') {
    return { kind, domain: [0, 1], color: weightColor(palette), ticks: scaleLinear().domain([0, 1]).ticks(5), rampKey: `weights/${palette}` };
  }
  let values: ArrayLike<number> = matrix.data;
  if (mask) {
    const visible = new Float32Array(matrix.data);
    for (let i = 0; i < visible.length; i++) if (mask.blocked[i] === 1) visible[i] = NaN;
    values = visible;
  }
  const found = maxAbsFinite(values);
  const m = found > 0 ? found : 1;
  const ticks = scaleLinear().domain([-m, m]).ticks(4);
  // scoreColor is linear over [−m, 0, m]: sampled evenly over its domain it gives the same colours for every m.
  return { kind, domain: [-m, m], color: scoreColor(m), ticks: ticks.length > 1 ? ticks : [-m, 0, m], rampKey: SCORES_RAMP_KEY };
}

/** Formats a value with fixed decimals; never "NaN" (shown as "—"), ±∞ as symbols, no "-0.0000". */
export function formatValue(value: number, digits = 4): string {
  if (Number.isNaN(value)) return '—';
  if (value === Infinity) return '+∞';
  if (value === -Infinity) return '−∞';
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

/** Short tick text for a legend: at most 3 significant decimals, trailing zeros dropped. */
export function formatTick(value: number): string {
  if (Math.abs(value) < 1e-9) return '0';
  return String(Number(value.toPrecision(3)));
}

/** Plot geometry: the cell area starts at (0, 0); each cell is cellWidth × cellHeight pixels. */
export interface PlotGeometry {
  readonly rows: number;
  readonly cols: number;
  readonly cellWidth: number;
  readonly cellHeight: number;
}

/** The cell under a point given in plot coordinates (pixels from the cell area's top-left), or null outside it. */
export function cellFromPoint(x: number, y: number, g: PlotGeometry): CellRef | null {
  if (!Number.isFinite(x) || !Number.isFinite(y) || g.cellWidth <= 0 || g.cellHeight <= 0) return null;
  if (x < 0 || y < 0) return null;
  const k = Math.floor(x / g.cellWidth);
  const q = Math.floor(y / g.cellHeight);
  if (k >= g.cols || q >= g.rows) return null;
  return { q, k };
}

const NICE_STEPS = [1, 2, 5];

/**
 * How many labels to skip so they do not overlap: the smallest "nice" step (1, 2, 5, 10, 20, 50 …) whose spacing
 * step × band is at least minSpacing pixels. 1 means every label fits.
 */
export function labelStep(band: number, minSpacing: number): number {
  if (!(band > 0)) return Infinity;
  if (band >= minSpacing) return 1;
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const n of NICE_STEPS) if (n * magnitude * band >= minSpacing) return n * magnitude;
  }
}

/** The indices that get a label: every step-th one from 0. */
export function thinnedLabelIndices(count: number, band: number, minSpacing: number): number[] {
  const step = labelStep(band, minSpacing);
  if (!Number.isFinite(step)) return [];
  const out: number[] = [];
  for (let i = 0; i < count; i += step) out.push(i);
  return out;
}

/** A label cut to at most `max` characters (whole code points), with an ellipsis; it lives in the engine, which quotes values too. */
export { truncateLabel } from '../../engine/truncate';

/** Rough rendered width of a label: CJK and other wide characters count 1 em, the rest 0.62 em. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.62;
  return em * fontSize;
}

/** The cell a key press moves to, or null when the key is not a grid navigation key. Clamped to the grid. */
export function moveCell(cell: CellRef, key: string, rows: number, cols: number, ctrl = false): CellRef | null {
  const clampQ = (q: number) => Math.max(0, Math.min(rows - 1, q));
  const clampK = (k: number) => Math.max(0, Math.min(cols - 1, k));
  switch (key) {
    case 'ArrowRight':
      return { q: cell.q, k: clampK(cell.k + 1) };
    case 'ArrowLeft':
      return { q: cell.q, k: clampK(cell.k - 1) };
    case 'ArrowDown':
      return { q: clampQ(cell.q + 1), k: cell.k };
    case 'ArrowUp':
      return { q: clampQ(cell.q - 1), k: cell.k };
    case 'Home':
      return ctrl ? { q: 0, k: 0 } : { q: cell.q, k: 0 };
    case 'End':
      return ctrl ? { q: clampQ(rows - 1), k: clampK(cols - 1) } : { q: cell.q, k: clampK(cols - 1) };
    case 'PageDown':
      return { q: clampQ(cell.q + 10), k: cell.k };
    case 'PageUp':
      return { q: clampQ(cell.q - 10), k: cell.k };
    default:
      return null;
  }
}

/** A cell kept inside a (possibly shrunk) grid; null when the grid is empty. */
export function clampCell(cell: CellRef, rows: number, cols: number): CellRef | null {
  if (rows <= 0 || cols <= 0) return null;
  return { q: Math.min(cell.q, rows - 1), k: Math.min(cell.k, cols - 1) };
}

export const sameCell = (a: CellRef | null, b: CellRef | null): boolean => a !== null && b !== null && a.q === b.q && a.k === b.k;

/** One page of a long axis for the table view: [from, to) indices. */
export function pageRange(page: number, total: number, size: number): { from: number; to: number; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  const p = Math.max(0, Math.min(pages - 1, page));
  return { from: p * size, to: Math.min(total, (p + 1) * size), pages, page: p };
}
