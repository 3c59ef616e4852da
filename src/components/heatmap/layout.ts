// Where everything of a large heatmap goes: the cell area, the token labels (thinned when they would overlap),
// the axis names and the fully-masked-row markers. Pure, so the canvas path's geometry is testable.
import { estimateTextWidth, SVG_TOKEN_LIMIT, thinnedLabelIndices, truncateLabel } from './heatmapModel';

export const AXIS_NAME_SPACE = 20;
export const LABEL_MAX_CHARS = 12;
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

export interface HeatmapLayout {
  readonly useCanvas: boolean;
  readonly cellWidth: number;
  readonly cellHeight: number;
  readonly plotWidth: number;
  readonly plotHeight: number;
  readonly margin: { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };
  /** Total SVG size. */
  readonly width: number;
  readonly height: number;
  readonly fontSize: number;
  /** Query indices that get a label on the left (all of them when they fit). */
  readonly rowLabels: readonly number[];
  /** Key indices that get a label on top. */
  readonly colLabels: readonly number[];
  /** Row markers show the words "fully masked" (else only the symbol, when rows are thin). */
  readonly markerText: boolean;
  readonly labelAngle: number;
}

export function heatmapLayout({ rows, cols, size, queryTokens, keyTokens, showLabels, hasFullyMaskedRows }: HeatmapLayoutInput): HeatmapLayout {
  const longest = Math.max(rows, cols, 1);
  const cell = size / longest;
  const plotWidth = cell * cols;
  const plotHeight = cell * rows;
  const fontSize = Math.max(9, Math.min(12, cell * 0.8));
  const minSpacing = fontSize + 2;
  const rowLabels = showLabels ? thinnedLabelIndices(rows, cell, minSpacing) : [];
  const colLabels = showLabels ? thinnedLabelIndices(cols, cell, minSpacing) : [];
  // Thinned labels carry their position ("21·w20"): count it in.
  const widest = (indices: readonly number[], tokens: readonly string[], count: number) => {
    const prefix = indices.length < count ? `${count}·` : '';
    return Math.min(LABEL_MAX_WIDTH, Math.max(0, ...indices.map((i) => estimateTextWidth(prefix + truncateLabel(tokens[i] ?? '', LABEL_MAX_CHARS), fontSize))));
  };
  const rowLabelWidth = widest(rowLabels, queryTokens, rows);
  const colLabelWidth = widest(colLabels, keyTokens, cols);
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
    useCanvas: longest > SVG_TOKEN_LIMIT,
    cellWidth: cell,
    cellHeight: cell,
    plotWidth,
    plotHeight,
    margin,
    width: Math.ceil(margin.left + plotWidth + margin.right),
    height: Math.ceil(margin.top + plotHeight + margin.bottom),
    fontSize,
    rowLabels,
    colLabels,
    markerText,
    labelAngle: COLUMN_LABEL_ANGLE,
  };
}
