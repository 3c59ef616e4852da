import { useMemo, useState } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { useT } from '../../i18n/translate';
import { useSideOverflow } from '../../shared/useSideOverflow';
import { cutLabel, withCells, type AxisLabel } from './cellLayout';
import { formatValue, fullyBlockedRows, hasBlocked, heatmapScale, isBlockedAt, type CellRef, type HeatmapKind } from './heatmapModel';
import { HatchPattern, HeatmapCells } from './HeatmapCells';
import { HeatmapCanvas } from './HeatmapCanvas';
import { HeatmapLegend } from './HeatmapLegend';
import { HeatmapTable } from './HeatmapTable';
import { HeatmapTooltip } from './HeatmapTooltip';
import { heatmapLayout, type HeatmapLayout } from './layout';
import type { WeightPalette } from './palettes';
import { useHeatmapInteraction } from './useHeatmapInteraction';
import { useSvgId } from './useSvgId';
import './heatmap.css';

export interface AttentionHeatmapProps {
  /** The values of one head (or an average), [query × key]: row q is how query token q spreads over the keys. */
  readonly matrix: Matrix;
  /** Row labels, length matrix.rows. */
  readonly queryTokens: readonly string[];
  /** Column labels, length matrix.cols (default: queryTokens, as in self-attention, where the keys are the same tokens). */
  readonly keyTokens?: readonly string[];
  /**
   * 'weights' (default): softmax output, sequential palette on 0 … 1. 'scores': QKᵀ or QKᵀ/√d_k, diverging palette
   * symmetric around 0 on the largest finite |score|; −∞ (a `masked` matrix) counts as blocked.
   */
  readonly kind?: HeatmapKind;
  /** Blocked cells, [query × key], drawn grey and hatched and announced as "masked" (default null: none). */
  readonly mask?: BlockedMask | null;
  /** Queries whose every key is blocked (the trace's fullyMaskedRows); default: derived from the mask. */
  readonly fullyMaskedRows?: readonly number[];
  /** Caption and accessible name. */
  readonly title: string;
  /** Keep the caption for screen readers only, when a heading above already shows it (default false). */
  readonly captionHidden?: boolean;
  /** Pixel length of the longer side of the cell area (default 360). */
  readonly size?: number;
  /** Sequential palette for weights (default 'viridis'). */
  readonly palette?: WeightPalette;
  /** Token labels on the axes, thinned when they would overlap (default true). */
  readonly showLabels?: boolean;
  /** When given (custom-mask editing), click / Enter / Space on a cell call it instead of locking the highlight. */
  readonly onCellActivate?: (q: number, k: number) => void;
  readonly className?: string;
}

/**
 * An attention matrix as a heatmap: query tokens down the left (rows), key tokens along the top (columns), a colour
 * legend, hover tooltip, click-to-lock highlight, keyboard navigation announced in a live region, and a table view.
 * SVG up to 64 tokens, canvas beyond.
 */
export function AttentionHeatmap({
  matrix,
  queryTokens,
  keyTokens = queryTokens,
  kind = 'weights',
  mask = null,
  fullyMaskedRows,
  title,
  captionHidden = false,
  size = 360,
  palette = 'viridis',
  showLabels = true,
  onCellActivate,
  className,
}: AttentionHeatmapProps) {
  const t = useT();
  const [tableView, setTableView] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const hatchId = useSvgId('heatmap-hatch');
  const instructionsId = useSvgId('heatmap-instructions');
  const captionId = useSvgId('heatmap-caption');
  // The chart scrolls sideways when it is wider than the screen (13 tokens on a 375 px phone): say so, and fade the
  // edge that hides columns.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const hidden = useSideOverflow(scroller);

  const scale = useMemo(() => heatmapScale(kind, matrix, mask, palette), [kind, matrix, mask, palette]);
  const anyBlocked = useMemo(() => hasBlocked(matrix, mask), [matrix, mask]);
  const derivedFullyMasked = useMemo(() => fullyBlockedRows(matrix, mask), [matrix, mask]);
  const fullyMasked = useMemo(() => new Set(fullyMaskedRows ?? derivedFullyMasked), [fullyMaskedRows, derivedFullyMasked]);
  const layout = useMemo(
    () => heatmapLayout({ rows: matrix.rows, cols: matrix.cols, size, queryTokens, keyTokens, showLabels, hasFullyMaskedRows: fullyMasked.size > 0 }),
    [matrix.rows, matrix.cols, size, queryTokens, keyTokens, showLabels, fullyMasked],
  );
  // The one cell layout: the canvas or the SVG cells draw it, the labels below come from it.
  const cells = useMemo(() => withCells(layout, matrix, mask, scale), [layout, matrix, mask, scale]);
  const { margin, cellWidth: cw, cellHeight: ch } = layout;

  const describeValue = (cell: CellRef): string => {
    const i = cell.q * matrix.cols + cell.k;
    const v = matrix.data[i];
    if (isBlockedAt(matrix, mask, i)) {
      return kind === 'scores' && Number.isFinite(v) ? t('heatmap.value.maskedScore', { value: formatValue(v) }) : t('heatmap.value.masked');
    }
    return t(kind === 'weights' ? 'heatmap.value.weight' : 'heatmap.value.score', { value: formatValue(v) });
  };
  const describeCell = (cell: CellRef): string => {
    const text = t('heatmap.announce.cell', {
      row: cell.q + 1,
      query: queryTokens[cell.q] ?? '',
      col: cell.k + 1,
      key: keyTokens[cell.k] ?? '',
      value: describeValue(cell),
    });
    return fullyMasked.has(cell.q) ? `${text} ${t('heatmap.announce.fullyMasked')}` : text;
  };

  const interaction = useHeatmapInteraction({
    geometry: { rows: matrix.rows, cols: matrix.cols, cellWidth: cw, cellHeight: ch },
    origin: margin,
    onCellActivate,
    announce: (cell, how) => setAnnouncement(how === 'locked' ? t('heatmap.announce.locked', { cell: describeCell(cell) }) : describeCell(cell)),
    announceUnlocked: () => setAnnouncement(t('heatmap.announce.unlocked')),
  });
  const { active, locked, focus, hasFocus } = interaction;
  const editing = onCellActivate !== undefined;

  const classes = ['attention-heatmap', `attention-heatmap--${kind}`, editing ? 'attention-heatmap--editing' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <figure className={classes} data-kind={kind} aria-labelledby={captionId}>
      <figcaption id={captionId} className={captionHidden ? 'attention-heatmap__sr-only' : 'attention-heatmap__caption'}>{title}</figcaption>
      <button type="button" className="attention-heatmap__view-toggle" aria-pressed={tableView} onClick={() => setTableView((v) => !v)}>
        {t('heatmap.showTable')}
      </button>
      {tableView ? (
        <HeatmapTable matrix={matrix} queryTokens={queryTokens} keyTokens={keyTokens} title={title} mask={mask} fullyMaskedRows={[...fullyMasked]} />
      ) : (
        <>
          {(hidden.left || hidden.right) && (
            <p className="attention-heatmap__scroll-hint" data-hidden-left={hidden.left} data-hidden-right={hidden.right}>
              {t('heatmap.scrollHint', { cols: matrix.cols })}
            </p>
          )}
          <div className="attention-heatmap__frame">
            <div className="attention-heatmap__body" ref={setScroller}>
              <div
                className="attention-heatmap__chart"
                style={{ width: layout.width, height: layout.height }}
                role="application"
                aria-roledescription={t('heatmap.roleDescription')}
                aria-label={t('heatmap.label', { title, rows: matrix.rows, cols: matrix.cols })}
                aria-describedby={instructionsId}
                tabIndex={0}
                {...interaction.handlers}
              >
                {layout.useCanvas && (
                  <HeatmapCanvas className="attention-heatmap__canvas" layout={cells} style={{ left: margin.left, top: margin.top }} />
                )}
                <svg className="attention-heatmap__svg" width={layout.width} height={layout.height} aria-hidden="true">
                  <defs>
                    <HatchPattern id={hatchId} />
                  </defs>
                  <g transform={`translate(${margin.left},${margin.top})`}>
                    {!layout.useCanvas && <HeatmapCells layout={cells} hatchId={hatchId} />}
                    <AxisLabels layout={layout} queryTokens={queryTokens} keyTokens={keyTokens} active={active} queryName={t('heatmap.axis.query')} keyName={t('heatmap.axis.key')} />
                    <RowMarkers layout={layout} rows={fullyMasked} label={t('heatmap.fullyMasked')} />
                    <Highlight layout={layout} active={active} locked={locked !== null} focus={hasFocus ? focus : null} />
                  </g>
                </svg>
                {active && (
                  <HeatmapTooltip layout={layout} cell={active}>
                    <span className="attention-heatmap__tooltip-pair">
                      {t('heatmap.tooltip.pair', { query: queryTokens[active.q] ?? '', key: keyTokens[active.k] ?? '' })}
                    </span>
                    <span className="attention-heatmap__tooltip-value">{describeValue(active)}</span>
                    {fullyMasked.has(active.q) && <span className="attention-heatmap__tooltip-note">{t('heatmap.announce.fullyMasked')}</span>}
                    {locked && <span className="attention-heatmap__tooltip-note">{t('heatmap.lockedHint')}</span>}
                  </HeatmapTooltip>
                )}
              </div>
              <HeatmapLegend scale={scale} width={Math.min(240, Math.max(140, layout.plotWidth))} showMasked={anyBlocked} showFullyMasked={fullyMasked.size > 0} />
            </div>
            {hidden.left && <span className="attention-heatmap__edge attention-heatmap__edge--left" aria-hidden="true" />}
            {hidden.right && <span className="attention-heatmap__edge attention-heatmap__edge--right" aria-hidden="true" />}
          </div>
        </>
      )}
      <p id={instructionsId} className="attention-heatmap__sr-only">
        {editing ? t('heatmap.instructions.edit') : t('heatmap.instructions')}
      </p>
      <p className="attention-heatmap__sr-only" aria-live="polite" data-testid="heatmap-announcer">
        {announcement}
      </p>
    </figure>
  );
}

interface AxisLabelsProps {
  readonly layout: HeatmapLayout;
  readonly queryTokens: readonly string[];
  readonly keyTokens: readonly string[];
  readonly active: CellRef | null;
  readonly queryName: string;
  readonly keyName: string;
}

/** Token labels (the layout's, plus the active row and column always labelled, in bold) and the two axis names in words. */
function AxisLabels({ layout, queryTokens, keyTokens, active, queryName, keyName }: AxisLabelsProps) {
  const { margin, cellWidth: cw, cellHeight: ch, fontSize, plotWidth, plotHeight } = layout;
  const withActive = (labels: readonly AxisLabel[], tokens: readonly string[], band: number, thinned: boolean, a: number | undefined): readonly AxisLabel[] =>
    a === undefined || labels.length === 0 || labels.some((l) => l.index === a)
      ? labels
      : [...labels, { index: a, text: cutLabel(tokens[a] ?? '', a, thinned, layout.labelChars), at: a * band + band / 2 }];
  const rows = withActive(layout.rowLabels, queryTokens, ch, layout.rowsThinned, active?.q);
  const cols = withActive(layout.colLabels, keyTokens, cw, layout.colsThinned, active?.k);
  return (
    <g className="attention-heatmap__axes" fontSize={fontSize}>
      <text className="attention-heatmap__axis-name" x={plotWidth / 2} y={-margin.top + 14} textAnchor="middle">
        {keyName} →
      </text>
      <text className="attention-heatmap__axis-name" transform={`translate(${-margin.left + 14},${plotHeight / 2}) rotate(-90)`} textAnchor="middle">
        {queryName}
      </text>
      {rows.map(({ index: q, text, at }) => (
        <text
          key={`q${q}`}
          className={q === active?.q ? 'attention-heatmap__label attention-heatmap__label--active' : 'attention-heatmap__label'}
          x={-6}
          y={at}
          dominantBaseline="central"
          textAnchor="end"
          data-axis="query"
        >
          {text}
        </text>
      ))}
      {cols.map(({ index: k, text, at }) => (
        <text
          key={`k${k}`}
          className={k === active?.k ? 'attention-heatmap__label attention-heatmap__label--active' : 'attention-heatmap__label'}
          transform={`translate(${at},-6) rotate(${-layout.labelAngle})`}
          dominantBaseline="central"
          data-axis="key"
        >
          {text}
        </text>
      ))}
    </g>
  );
}

/** "⊘ fully masked" to the right of each query row whose every key is blocked. */
function RowMarkers({ layout, rows, label }: { readonly layout: HeatmapLayout; readonly rows: ReadonlySet<number>; readonly label: string }) {
  if (rows.size === 0) return null;
  return (
    <g className="attention-heatmap__row-markers" fontSize={Math.min(11, layout.fontSize)}>
      {[...rows].map((q) => (
        <text key={q} x={layout.plotWidth + 5} y={q * layout.cellHeight + layout.cellHeight / 2} dominantBaseline="central" data-fully-masked-row={q}>
          {layout.markerText ? `⊘ ${label}` : '⊘'}
        </text>
      ))}
    </g>
  );
}

interface HighlightProps {
  readonly layout: HeatmapLayout;
  readonly active: CellRef | null;
  readonly locked: boolean;
  readonly focus: CellRef | null;
}

/** Row and column outlines of the active cell, its ring, and the keyboard focus ring. Never catches the pointer. */
function Highlight({ layout, active, locked, focus }: HighlightProps) {
  const { cellWidth: cw, cellHeight: ch, plotWidth, plotHeight } = layout;
  const ring = (c: CellRef) => {
    const w = Math.max(cw, 8);
    const h = Math.max(ch, 8);
    return { x: c.k * cw + cw / 2 - w / 2, y: c.q * ch + ch / 2 - h / 2, width: w, height: h };
  };
  return (
    <g className="attention-heatmap__highlight" pointerEvents="none">
      {active && (
        <g className={locked ? 'attention-heatmap__bands attention-heatmap__bands--locked' : 'attention-heatmap__bands'}>
          <rect className="attention-heatmap__band" x={0} y={active.q * ch} width={plotWidth} height={ch} />
          <rect className="attention-heatmap__band" x={active.k * cw} y={0} width={cw} height={plotHeight} />
          <rect className="attention-heatmap__cell-ring-halo" {...ring(active)} />
          <rect className="attention-heatmap__cell-ring" {...ring(active)} />
        </g>
      )}
      {focus && <rect className="attention-heatmap__focus-ring" data-focus-q={focus.q} data-focus-k={focus.k} {...ring(focus)} />}
    </g>
  );
}
