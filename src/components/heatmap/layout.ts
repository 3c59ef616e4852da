// Where everything of a large heatmap goes around its cells: the margins for the token labels, the axis names and
// the fully-masked-row markers. The cells and the labels themselves are the one cell layout (cellLayout.ts), so the
// page, the canvas and the SVG cells agree. Pure, so the canvas path's geometry is testable.
import { cellGrid, cutLabel, LABEL_MAX_CHARS, type AxisLabel, type CellGrid } from './cellLayout';
import { estimateTextWidth } from './heatmapModel';

export { LABEL_MAX_CHARS };
export const AXIS_NAME_SPACE = 20;
const LABEL_MAX_WIDTH = 110;
const COLUMN_LABEL_ANGLE = 60; // degrees above the horizontal
const MARKER_TEXT_SPACE = 92;
const MARKER_SYMBOL_SPACE = 16;

export interface HeatmapLayoutInput {
  readonly rows: number;
  readonly cols: number;
  /** Pixel length of the longer side of the cell area. */
  readonly size: number;
  readonly queryTokens: readonly string[];
  readonly keyTokens: readonly string[];
  readonly showLabels: boolean;
  readonly hasFullyMaskedRows: boolean;
}

/** The cell grid (cells, medium, labels) and the page around it. */
export interface HeatmapLayout extends CellGrid {
  /** The cells are painted on a canvas (medium 'canvas'), beyond SVG_TOKEN_LIMIT tokens. */
  readonly useCanvas: boolean;
  readonly margin: { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };
  /** Total SVG size. */
  readonly width: number;
  readonly height: number;
  /** Row markers show the words "fully masked" (else only the symbol, when rows are thin). */
  readonly markerText: boolean;
  readonly labelAngle: number;
}

export function heatmapLayout({ rows, cols, size, queryTokens, keyTokens, showLabels, hasFullyMaskedRows }: HeatmapLayoutInput): HeatmapLayout {
  const grid = cellGrid({ rows, cols, size, ...(showLabels ? { queryTokens, keyTokens } : {}) });
  const { cellWidth: cell, fontSize, plotWidth, plotHeight } = grid;
  // Thinned labels carry their position ("21·w20"): count in the longest one.
  const widest = (labels: readonly AxisLabel[], tokens: readonly string[], count: number, thinned: boolean) => {
    const prefix = thinned ? estimateTextWidth(`${count}·`, fontSize) : 0;
    return Math.min(LABEL_MAX_WIDTH, Math.max(0, ...labels.map((l) => prefix + estimateTextWidth(cutLabel(tokens[l.index] ?? '', l.index, false, grid.labelChars), fontSize))));
  };
  const rowLabelWidth = widest(grid.rowLabels, queryTokens, rows, grid.rowsThinned);
  const colLabelWidth = widest(grid.colLabels, keyTokens, cols, grid.colsThinned);
  const angle = (COLUMN_LABEL_ANGLE * Math.PI) / 180;
  const markerText = cell >= fontSize;
  const markerSpace = hasFullyMaskedRows ? (markerText ? MARKER_TEXT_SPACE : MARKER_SYMBOL_SPACE) : 0;
  const margin = {
    top: AXIS_NAME_SPACE + (showLabels ? colLabelWidth * Math.sin(angle) + fontSize : 0) + 6,
    right: Math.max(markerSpace, showLabels ? colLabelWidth * Math.cos(angle) - cell / 2 : 0, 0) + 6,
    bottom: 6,
    left: AXIS_NAME_SPACE + (showLabels ? rowLabelWidth + 6 : 0) + 4,
  };
  return {
    ...grid,
    useCanvas: grid.medium === 'canvas',
    margin,
    width: Math.ceil(margin.left + plotWidth + margin.right),
    height: Math.ceil(margin.top + plotHeight + margin.bottom),
    markerText,
    labelAngle: COLUMN_LABEL_ANGLE,
  };
}
