// The one heatmap cell layout, in the manner of Observable Plot's cell mark: a pure function from the matrix, its
// token labels, its mask and a size to where each cell goes, what colour it is, which cells are blocked (and the
// runs they make), where each axis label goes and how it is cut. Three renderers draw it and add only their own
// styling: the canvas (paint.ts: one pixel per cell, hatch overlay from the runs), the React SVG (HeatmapCells.tsx:
// one rect per cell, one hatched path) and the export's string SVG (export/heatmapExport.ts). No React, no DOM.
import type { BlockedMask, Matrix } from '../../engine';
import { blockedShape, isBlockedAt, type BlockedRun } from '../../models/pipeline/blockedRuns';
import { labelStep, SVG_TOKEN_LIMIT, truncateLabel, type HeatmapScale } from './heatmapModel';
import { MASKED_CELL_FILL } from './palettes';

/** Characters a token label keeps before it is cut with an ellipsis (the screen's; the export passes its own). */
export const LABEL_MAX_CHARS = 12;

/** How the cells are drawn: one SVG rect each, or one canvas pixel each scaled up (no gap between cells). */
export type CellMedium = 'svg' | 'canvas';

/** A token label on one axis: which token, its text as drawn, and the centre of its row or column (plot coordinates). */
export interface AxisLabel {
  readonly index: number;
  /** Cut to the layout's labelChars with an ellipsis; prefixed with its 1-based position ("21·w20") when the axis is thinned. */
  readonly text: string;
  readonly at: number;
}

/** Cells are at least this many pixels a side before a hairline gap is left between them (SVG only). */
export const CELL_GAP_MIN = 10;

/** The shape of a heatmap, without its values: the grid, the medium and the labels. */
export interface CellGrid {
  readonly rows: number;
  readonly cols: number;
  readonly medium: CellMedium;
  /** Grid pitch: cell (q, k) spans [k·cellWidth, (k+1)·cellWidth) × [q·cellHeight, (q+1)·cellHeight) from the cell area's top-left. */
  readonly cellWidth: number;
  readonly cellHeight: number;
  /** Each cell's rect is its pitch shrunk by this on every side: 0.5 (a hairline gap) for SVG cells of ≥ 10 px, else 0. */
  readonly inset: number;
  readonly plotWidth: number;
  readonly plotHeight: number;
  /** Font size of the token labels, px. */
  readonly fontSize: number;
  /** Query labels down the left (every token when they fit, else every n-th from the first); none without tokens. */
  readonly rowLabels: readonly AxisLabel[];
  /** Key labels along the top. */
  readonly colLabels: readonly AxisLabel[];
  /** Whether labels were thinned out on each axis (then each carries its position). */
  readonly rowsThinned: boolean;
  readonly colsThinned: boolean;
  /** The cut length of the labels. */
  readonly labelChars: number;
}

export type { BlockedRun } from '../../models/pipeline/blockedRuns';
export { blockedRuns } from '../../models/pipeline/blockedRuns';

/** A heatmap's grid with its values: what every renderer draws. */
export interface HeatmapCellLayout extends CellGrid {
  readonly matrix: Matrix;
  readonly mask: BlockedMask | null;
  readonly scale: HeatmapScale;
  /** Blocked cells (the mask's, and every −∞ logit) as runs per row; empty when none is blocked. */
  readonly blockedRuns: readonly BlockedRun[];
  /** Names the blocked cells: two layouts of one shape have the same key exactly when the same cells are blocked. */
  readonly blockedKey: string;
}

export interface CellGridInput {
  readonly rows: number;
  readonly cols: number;
  /** Pixel length of the longer side of the cell area (square cells); or give cellWidth and cellHeight. */
  readonly size?: number;
  readonly cellWidth?: number;
  readonly cellHeight?: number;
  /** Row (query) and column (key) labels; omitted: no labels. */
  readonly queryTokens?: readonly string[];
  readonly keyTokens?: readonly string[];
  /** Cut length of a label (default LABEL_MAX_CHARS). */
  readonly labelChars?: number;
  /** Font size of the labels (default: 80 % of a cell, 9 to 12 px). */
  readonly fontSize?: number;
  /** Beyond this many tokens (the longer side) the cells are painted on a canvas (default SVG_TOKEN_LIMIT); or force a medium. */
  readonly svgTokenLimit?: number;
  readonly medium?: CellMedium;
}

/** The font size of labels beside cells of `cell` px: 80 % of the cell, at least 9 and at most 12 px. */
export const labelFontSize = (cell: number): number => Math.max(9, Math.min(12, cell * 0.8));

/** A token label as every renderer writes it: cut with an ellipsis, and with its position in front when the axis is thinned. */
export function cutLabel(token: string, index: number, thinned: boolean, maxChars: number = LABEL_MAX_CHARS): string {
  const text = truncateLabel(token, maxChars);
  return thinned ? `${index + 1}·${text}` : text;
}

/** The labels of one axis: every step-th token from the first, where step keeps them fontSize + 2 px apart. */
export function axisLabels(tokens: readonly string[] | undefined, count: number, band: number, fontSize: number, maxChars: number = LABEL_MAX_CHARS): { labels: AxisLabel[]; thinned: boolean } {
  if (!tokens) return { labels: [], thinned: false };
  const step = labelStep(band, fontSize + 2);
  if (!Number.isFinite(step)) return { labels: [], thinned: false };
  const thinned = step > 1;
  const labels: AxisLabel[] = [];
  for (let i = 0; i < count; i += step) labels.push({ index: i, text: cutLabel(tokens[i] ?? '', i, thinned, maxChars), at: i * band + band / 2 });
  return { labels, thinned };
}

/** The grid and labels of a heatmap of rows × cols cells (see CellGrid). */
export function cellGrid(input: CellGridInput): CellGrid {
  const { rows, cols } = input;
  const longest = Math.max(rows, cols, 1);
  const square = (input.size ?? 0) / longest;
  const cellWidth = input.cellWidth ?? square;
  const cellHeight = input.cellHeight ?? square;
  const medium = input.medium ?? (longest > (input.svgTokenLimit ?? SVG_TOKEN_LIMIT) ? 'canvas' : 'svg');
  const fontSize = input.fontSize ?? labelFontSize(Math.min(cellWidth, cellHeight));
  const labelChars = input.labelChars ?? LABEL_MAX_CHARS;
  const rowAxis = axisLabels(input.queryTokens, rows, cellHeight, fontSize, labelChars);
  const colAxis = axisLabels(input.keyTokens, cols, cellWidth, fontSize, labelChars);
  return {
    rows,
    cols,
    medium,
    cellWidth,
    cellHeight,
    inset: medium === 'svg' && Math.min(cellWidth, cellHeight) >= CELL_GAP_MIN ? 0.5 : 0,
    plotWidth: cellWidth * cols,
    plotHeight: cellHeight * rows,
    fontSize,
    rowLabels: rowAxis.labels,
    colLabels: colAxis.labels,
    rowsThinned: rowAxis.thinned,
    colsThinned: colAxis.thinned,
    labelChars,
  };
}

/** The grid filled with a matrix: its colours by `scale`, its blocked cells by `mask` and its −∞ logits. */
export function withCells(grid: CellGrid, matrix: Matrix, mask: BlockedMask | null | undefined, scale: HeatmapScale): HeatmapCellLayout {
  if (matrix.rows !== grid.rows || matrix.cols !== grid.cols) throw new Error(`The grid is ${grid.rows}×${grid.cols} but the matrix is ${matrix.rows}×${matrix.cols}.`);
  const shape = blockedShape(matrix, mask);
  return { ...grid, matrix, mask: mask ?? null, scale, blockedRuns: shape?.runs ?? [], blockedKey: shape?.key ?? '' };
}

/** The whole layout in one call: cellGrid of the matrix's shape, then withCells. */
export function heatmapCellLayout(input: Omit<CellGridInput, 'rows' | 'cols'> & { readonly matrix: Matrix; readonly mask?: BlockedMask | null; readonly scale: HeatmapScale }): HeatmapCellLayout {
  const { matrix, mask, scale, ...grid } = input;
  return withCells(cellGrid({ ...grid, rows: matrix.rows, cols: matrix.cols }), matrix, mask, scale);
}

/** The rect cell (q, k) is drawn as, in plot coordinates. */
export function cellRect(layout: CellGrid, q: number, k: number): { x: number; y: number; width: number; height: number } {
  const { cellWidth, cellHeight, inset } = layout;
  return { x: k * cellWidth + inset, y: q * cellHeight + inset, width: Math.max(0, cellWidth - 2 * inset), height: Math.max(0, cellHeight - 2 * inset) };
}

/** Whether the cell at flat index i = q·cols + k is blocked (drawn grey and hatched, never a colour of the scale). */
export const cellBlocked = (layout: HeatmapCellLayout, i: number): boolean => isBlockedAt(layout.matrix, layout.mask, i);

/**
 * The CSS colour of the cell at flat index i: the masked grey when blocked; else the scale's colour of its value
 * (clamped to the domain, so +∞ is the top colour), and a NaN the colour of the domain's middle, as the canvas paints it.
 */
export function cellFill(layout: HeatmapCellLayout, i: number): string {
  if (cellBlocked(layout, i)) return MASKED_CELL_FILL;
  const v = layout.matrix.data[i];
  const [lo, hi] = layout.scale.domain;
  return layout.scale.color(Number.isNaN(v) ? (lo + hi) / 2 : v);
}

/** Every blocked cell's rect as one SVG path (a subpath per cell), for one hatch fill over them; '' when none. */
export function blockedCellsPath(layout: HeatmapCellLayout): string {
  let d = '';
  for (const [q, k0, k1] of layout.blockedRuns) {
    for (let k = k0; k < k1; k++) {
      const r = cellRect(layout, q, k);
      d += `M${r.x} ${r.y}h${r.width}v${r.height}h${-r.width}z`;
    }
  }
  return d;
}
