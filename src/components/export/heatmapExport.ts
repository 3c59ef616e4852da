import type { BlockedMask, Matrix } from '../../engine';
import type { LabSettings } from '../../state/labStore';
import { cellBlocked, cellFill, cellRect, heatmapCellLayout, type HeatmapCellLayout } from '../heatmap/cellLayout';
import { estimateTextWidth, heatmapScale, type HeatmapKind } from '../heatmap/heatmapModel';
import { MASKED_CELL_FILL, MASKED_HATCH_STROKE, type WeightPalette } from '../heatmap/palettes';

/*
 * One head's heatmap as a file: SVG (vector, for papers), CSV (for spreadsheets), JSON (for code). Pure string
 * builders, no DOM, so they are tested in Node. PNG (png.ts) draws the SVG on a canvas, so all four agree. The SVG
 * draws the one heatmap cell layout (heatmap/cellLayout.ts) that the screen's canvas and SVG cells draw.
 */

export type { HeatmapKind };

/** The words an export writes into the file; English by default, the menu passes the interface language. */
export interface HeatmapExportLabels {
  /** Axis of the rows. */
  readonly queries: string;
  /** Axis of the columns. */
  readonly keys: string;
  /** Legend title for kind 'weights'. */
  readonly weights: string;
  /** Legend title for kind 'scores'. */
  readonly scores: string;
  /** Legend entry of the hatched cells. */
  readonly masked: string;
  /** The top-left cell of a CSV file. */
  readonly corner: string;
}

export const DEFAULT_EXPORT_LABELS: HeatmapExportLabels = {
  queries: 'Queries (attending from)',
  keys: 'Keys (attended to)',
  weights: 'Attention weight',
  scores: 'Score',
  masked: 'Masked',
  corner: 'query \\ key',
};

export interface HeatmapExportInput {
  /** One head, [queries × keys], row-major: row q is how query token q spreads over the keys. */
  readonly matrix: Matrix;
  /** Row labels; length = matrix.rows. */
  readonly queryTokens: readonly string[];
  /** Column labels; length = matrix.cols. */
  readonly keyTokens: readonly string[];
  /** 'weights' are in [0, 1] (sequential palette); 'scores' are logits, any sign (diverging palette centred on 0). */
  readonly kind: HeatmapKind;
  /** Blocked cells, [queries × keys]; null when nothing is masked. */
  readonly mask: BlockedMask | null;
  readonly title: string;
  /** Palette for kind 'weights' (default 'viridis'); scores always use the diverging score palette. */
  readonly palette?: WeightPalette;
  readonly labels?: Partial<HeatmapExportLabels>;
}

/** Throws a readable error when the matrix, the labels and the mask disagree. */
export function checkExportInput(input: HeatmapExportInput): void {
  const { matrix, queryTokens, keyTokens, mask } = input;
  if (matrix.data.length !== matrix.rows * matrix.cols) throw new Error(`The matrix is ${matrix.rows}×${matrix.cols} but holds ${matrix.data.length} values.`);
  if (queryTokens.length !== matrix.rows) throw new Error(`The matrix has ${matrix.rows} query rows but ${queryTokens.length} query tokens were given.`);
  if (keyTokens.length !== matrix.cols) throw new Error(`The matrix has ${matrix.cols} key columns but ${keyTokens.length} key tokens were given.`);
  if (mask && (mask.queries !== matrix.rows || mask.keys !== matrix.cols)) {
    throw new Error(`The mask is ${mask.queries}×${mask.keys} but the matrix is ${matrix.rows}×${matrix.cols} (queries × keys).`);
  }
}

const maskedAt = (mask: BlockedMask | null, q: number, k: number): boolean => mask !== null && mask.blocked[q * mask.keys + k] === 1;

/** The shortest decimal that reads back as the same float32 (at most 9 significant digits); non-finite as JS writes them. */
export function formatFloat32(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const target = Math.fround(value);
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === target) return String(candidate);
  }
  return String(Number(value.toPrecision(9)));
}

// ——— SVG ———

// XML 1.0 forbids these even as character references: C0 controls except tab/LF/CR, U+FFFE/U+FFFF, lone surrogates.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or attribute content for XML: the five special characters escaped, characters XML cannot hold replaced by U+FFFD. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const FONT = "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Noto Sans CJK SC', sans-serif";
const MAX_LABEL_CHARS = 16;
/** Beyond this many cells the per-cell <title> tooltips are left out (they would dominate the file size). */
export const SVG_CELL_TITLE_LIMIT = 64 * 64;
const MASK_PATTERN_ID = 'al-masked';
const LEGEND_GRADIENT_ID = 'al-legend';

const n2 = (x: number): string => String(Math.round(x * 100) / 100);

/** The export's cell size: the grid fits 480 px, each cell 4 to 28 px (whole pixels). */
export const exportCellSize = (rows: number, cols: number): number => Math.max(4, Math.min(28, Math.floor(480 / Math.max(rows, cols, 1))));

/**
 * The cell layout the SVG file draws: the screen's layout (colours from the screen's scale, blocked cells, label
 * thinning and cut) at the export's cell size, its labels cut at 16 characters (a file has room).
 */
export function exportCellLayout(input: HeatmapExportInput): HeatmapCellLayout {
  const { matrix, mask, queryTokens, keyTokens } = input;
  const scale = heatmapScale(input.kind, matrix, mask, input.palette ?? 'viridis');
  const cell = exportCellSize(matrix.rows, matrix.cols);
  return heatmapCellLayout({ matrix, mask, scale, medium: 'svg', cellWidth: cell, cellHeight: cell, queryTokens, keyTokens, labelChars: MAX_LABEL_CHARS });
}

/**
 * A standalone SVG document of one head: query tokens down the left, key tokens along the top, axis names,
 * a colour legend, masked cells hatched grey (never a colour of the scale). The same palettes as the screen.
 * Every cell is `<rect class="cell" data-q data-k fill>`; all text is XML-escaped.
 */
export function heatmapToSvg(input: HeatmapExportInput): string {
  checkExportInput(input);
  const { title } = input;
  const labels = { ...DEFAULT_EXPORT_LABELS, ...input.labels };
  const layout = exportCellLayout(input);
  const { rows, cols, fontSize, plotWidth: gridW, plotHeight: gridH } = layout;
  const { color, domain } = layout.scale;
  const ticks = input.kind === 'weights' ? [0, 0.25, 0.5, 0.75, 1] : [domain[0], 0, domain[1]];
  const labelWidth = (shown: HeatmapCellLayout['rowLabels']) => Math.min(150, Math.max(fontSize, ...shown.map((l) => estimateTextWidth(l.text, fontSize)))) + 6;

  const titleH = 28;
  const axisH = 18;
  const left = axisH + labelWidth(layout.rowLabels);
  const top = titleH + axisH + labelWidth(layout.colLabels);
  const legendX = left + gridW + 24;
  const legendH = Math.max(120, Math.min(gridH, 320));
  const legendW = 14;
  const anyMasked = layout.blockedRuns.length > 0;
  const legendTitle = input.kind === 'weights' ? labels.weights : labels.scores;
  const legendSpan = Math.max(
    estimateTextWidth(legendTitle, 11) * 1.1, // bold
    legendW + 7 + Math.max(...ticks.map((tick) => estimateTextWidth(formatTick(tick), 11))),
    anyMasked ? legendW + 7 + estimateTextWidth(labels.masked, 11) : 0,
  );
  const width = Math.ceil(legendX + legendSpan + 16);
  const height = Math.ceil(Math.max(top + gridH, titleH + axisH + legendH + (anyMasked ? 40 : 0) + 30) + 16);

  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(FONT)}" font-size="${n2(fontSize)}" role="img" aria-labelledby="al-title al-desc">`,
  );
  out.push(`<title id="al-title">${escapeXml(title)}</title>`);
  out.push(`<desc id="al-desc">${escapeXml(`${labels.queries}: ${rows} rows; ${labels.keys}: ${cols} columns.`)}</desc>`);
  out.push('<defs>');
  out.push(
    `<pattern id="${MASK_PATTERN_ID}" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><rect width="6" height="6" fill="${MASKED_CELL_FILL}"/><line x1="0" y1="0" x2="0" y2="6" stroke="${MASKED_HATCH_STROKE}" stroke-width="2"/></pattern>`,
  );
  const stops = Array.from({ length: 11 }, (_, i) => {
    const t = i / 10;
    return `<stop offset="${t}" stop-color="${color(domain[0] + t * (domain[1] - domain[0]))}"/>`;
  });
  out.push(`<linearGradient id="${LEGEND_GRADIENT_ID}" x1="0" y1="1" x2="0" y2="0">${stops.join('')}</linearGradient>`);
  out.push('</defs>');
  out.push(`<rect class="background" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text class="title" x="${left}" y="18" font-size="14" font-weight="600" fill="#1f2937">${escapeXml(title)}</text>`);

  // Cells: the layout's rects and colours; a blocked cell is filled with the hatch pattern itself (a file is drawn
  // once, so the screen's one-path overlay buys nothing), and without a gap between cells edges are kept crisp.
  const withTitles = rows * cols <= SVG_CELL_TITLE_LIMIT;
  out.push(`<g class="cells" transform="translate(${left},${top})"${layout.inset === 0 ? ' shape-rendering="crispEdges"' : ''}>`);
  for (let q = 0; q < rows; q++) {
    for (let k = 0; k < cols; k++) {
      const i = q * cols + k;
      const value = layout.matrix.data[i];
      const masked = cellBlocked(layout, i);
      const fill = masked ? `url(#${MASK_PATTERN_ID})` : cellFill(layout, i);
      const r = cellRect(layout, q, k);
      const tip = withTitles ? `<title>${escapeXml(`${input.queryTokens[q]} → ${input.keyTokens[k]}: ${masked ? labels.masked : formatFloat32(value)}`)}</title>` : '';
      out.push(
        `<rect class="cell${masked ? ' masked' : ''}" data-q="${q}" data-k="${k}" x="${n2(r.x)}" y="${n2(r.y)}" width="${n2(r.width)}" height="${n2(r.height)}" fill="${fill}">${tip}</rect>`,
      );
    }
  }
  out.push('</g>');

  // Token labels (the layout's, thinned and cut): queries right-aligned left of their row, keys written upwards above their column.
  out.push(`<g class="query-labels" fill="#334155" text-anchor="end" transform="translate(${left - 4},${top})">`);
  for (const l of layout.rowLabels) out.push(`<text y="${n2(l.at)}" dominant-baseline="central">${escapeXml(l.text)}</text>`);
  out.push('</g>');
  out.push(`<g class="key-labels" fill="#334155" text-anchor="start" transform="translate(${left},${top - 4})">`);
  for (const l of layout.colLabels) out.push(`<text transform="translate(${n2(l.at)},0) rotate(-90)" dominant-baseline="central">${escapeXml(l.text)}</text>`);
  out.push('</g>');

  // Axis names.
  out.push(`<text class="axis-name keys" x="${n2(left + gridW / 2)}" y="${titleH + 12}" text-anchor="middle" font-size="12" font-weight="600" fill="#1f2937">${escapeXml(labels.keys)}</text>`);
  out.push(
    `<text class="axis-name queries" transform="translate(12,${n2(top + gridH / 2)}) rotate(-90)" text-anchor="middle" font-size="12" font-weight="600" fill="#1f2937">${escapeXml(labels.queries)}</text>`,
  );

  // Legend.
  const legendY = titleH + axisH + 12;
  const at = (v: number) => legendY + legendH - ((v - domain[0]) / (domain[1] - domain[0])) * legendH;
  out.push(`<g class="legend" font-size="11" fill="#334155">`);
  out.push(`<text x="${legendX}" y="${legendY - 8}" font-weight="600">${escapeXml(legendTitle)}</text>`);
  out.push(`<rect x="${legendX}" y="${legendY}" width="${legendW}" height="${legendH}" fill="url(#${LEGEND_GRADIENT_ID})" stroke="#94a3b8" stroke-width="0.5"/>`);
  for (const tick of ticks) {
    const y = n2(at(tick));
    out.push(`<line x1="${legendX + legendW}" x2="${legendX + legendW + 4}" y1="${y}" y2="${y}" stroke="#334155"/>`);
    out.push(`<text x="${legendX + legendW + 7}" y="${y}" dominant-baseline="central">${escapeXml(formatTick(tick))}</text>`);
  }
  if (anyMasked) {
    const y = legendY + legendH + 16;
    out.push(`<rect class="legend-masked" x="${legendX}" y="${y}" width="${legendW}" height="${legendW}" fill="url(#${MASK_PATTERN_ID})" stroke="#94a3b8" stroke-width="0.5"/>`);
    out.push(`<text x="${legendX + legendW + 7}" y="${y + legendW / 2}" dominant-baseline="central">${escapeXml(labels.masked)}</text>`);
  }
  out.push('</g>');
  out.push('</svg>');
  return out.join('\n');
}

function formatTick(v: number): string {
  if (v === 0) return '0';
  return Math.abs(v) >= 100 || Math.abs(v) < 0.01 ? v.toExponential(1) : String(Number(v.toPrecision(3)));
}

// ——— CSV ———

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function escapeCsv(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/**
 * A token a spreadsheet would run as a formula (=…, +…, -…, @…, or a leading tab / CR; CSV injection) gets a
 * leading apostrophe, which spreadsheets show as text. A lone "-" or "+" stays as it is.
 */
export function guardFormula(field: string): string {
  return field.length > 1 && /^[=+\-@\t\r]/.test(field) ? `'${field}` : field;
}

/**
 * The heatmap as CSV: a header row (corner label, then the key tokens), then one row per query token with its
 * values at float32 precision. **Masked cells are empty fields** (not 0: a masked weight is not a learned 0,
 * and a masked score is −∞). Line ends are CRLF (RFC 4180); tokens are quoted as needed and guarded against
 * formula injection.
 */
export function heatmapToCsv(input: HeatmapExportInput): string {
  checkExportInput(input);
  const { matrix, queryTokens, keyTokens, mask } = input;
  const labels = { ...DEFAULT_EXPORT_LABELS, ...input.labels };
  const field = (text: string) => escapeCsv(guardFormula(text));
  const lines = [[field(labels.corner), ...keyTokens.map(field)].join(',')];
  for (let q = 0; q < matrix.rows; q++) {
    const row = [field(queryTokens[q])];
    for (let k = 0; k < matrix.cols; k++) row.push(maskedAt(mask, q, k) ? '' : formatFloat32(matrix.data[q * matrix.cols + k]));
    lines.push(row.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

// ——— JSON ———

export interface HeatmapJson {
  readonly title: string;
  readonly kind: HeatmapKind;
  /** Row labels. */
  readonly queries: readonly string[];
  /** Column labels. */
  readonly keys: readonly string[];
  /** [queries × keys] at float32 precision; null where the value is not finite (a masked score, −∞). */
  readonly values: readonly (readonly (number | null)[])[];
  /** [queries × keys], true = the query may not look at that key. */
  readonly masked: readonly (readonly boolean[])[];
  /** The lab settings that produced it, when given. */
  readonly settings?: LabSettings;
}

/** The heatmap as a plain object (see HeatmapJson). */
export function heatmapToJsonObject(input: HeatmapExportInput & { readonly settings?: LabSettings }): HeatmapJson {
  checkExportInput(input);
  const { matrix, mask } = input;
  const values: (number | null)[][] = [];
  const masked: boolean[][] = [];
  for (let q = 0; q < matrix.rows; q++) {
    const vr: (number | null)[] = [];
    const mr: boolean[] = [];
    for (let k = 0; k < matrix.cols; k++) {
      const v = matrix.data[q * matrix.cols + k];
      vr.push(Number.isFinite(v) ? Number(formatFloat32(v)) : null);
      mr.push(maskedAt(mask, q, k));
    }
    values.push(vr);
    masked.push(mr);
  }
  const base = { title: input.title, kind: input.kind, queries: [...input.queryTokens], keys: [...input.keyTokens], values, masked };
  return input.settings ? { ...base, settings: input.settings } : base;
}

/** The heatmap as JSON text (2-space indented; see HeatmapJson). */
export function heatmapToJson(input: HeatmapExportInput & { readonly settings?: LabSettings }): string {
  return `${JSON.stringify(heatmapToJsonObject(input), null, 2)}\n`;
}

/** Reads an exported JSON file back into a matrix and a mask (masked nulls become −∞, other nulls NaN). */
export function heatmapFromJson(text: string): { json: HeatmapJson; matrix: Matrix; mask: BlockedMask | null } {
  const json = JSON.parse(text) as HeatmapJson;
  const rows = json.queries.length;
  const cols = json.keys.length;
  if (json.values.length !== rows || json.values.some((r) => r.length !== cols)) throw new Error(`The values are not ${rows}×${cols} (queries × keys).`);
  if (json.masked.length !== rows || json.masked.some((r) => r.length !== cols)) throw new Error(`The mask is not ${rows}×${cols} (queries × keys).`);
  const data = new Float32Array(rows * cols);
  const blocked = new Uint8Array(rows * cols);
  json.values.forEach((r, q) =>
    r.forEach((v, k) => {
      const m = json.masked[q][k];
      data[q * cols + k] = v === null ? (m ? -Infinity : NaN) : v;
      blocked[q * cols + k] = m ? 1 : 0;
    }),
  );
  return { json, matrix: { rows, cols, data }, mask: blocked.some((b) => b === 1) ? { queries: rows, keys: cols, blocked } : null };
}
