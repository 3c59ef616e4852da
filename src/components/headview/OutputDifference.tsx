import { scaleBand } from 'd3';
import { useEffect, useId, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { Matrix } from '../../engine';
import { useT } from '../../i18n/translate';
import { useUi } from '../../state/uiStore';
import { useLab } from '../../state/labStore';
import { useLabComputation } from '../../run/useLabComputation';
import { scoreColor } from '../heatmap/palettes';
import { differencePixels, differenceReason, formatDelta, outputDifference, type DifferenceSource } from './difference';
import './headview.css';

/** Above this many token rows the difference is painted on a canvas instead of one SVG <rect> per cell. */
export const DIFFERENCE_SVG_ROW_LIMIT = 32;
/**
 * And above this many cells: React re-sets every <rect>'s fill on a head toggle, which at 16 tokens × 64 features
 * cost more than painting the whole grid on a canvas.
 */
export const DIFFERENCE_SVG_CELL_LIMIT = 512;

export interface OutputDifferenceProps {
  /** Layer to compare, 0-based; default the store's selectedLayer (clamped to the model). */
  readonly layer?: number;
  /** Which output is compared first (default 'layer'); the student can switch to the attention sub-layer. */
  readonly defaultSource?: DifferenceSource;
  /** Token rows above which the grid goes on a <canvas> (default DIFFERENCE_SVG_ROW_LIMIT = 32). */
  readonly svgRowLimit?: number;
  /** CSS width of the grid (default 256). */
  readonly width?: number;
}

/**
 * How ablation changed one layer: (output with the heads switched off − output with every head on),
 * [tokens × E], on the diverging scoreColor scale symmetric around 0, with a legend and the largest |Δ|.
 */
export function OutputDifference({ layer, defaultSource = 'layer', svgRowLimit = DIFFERENCE_SVG_ROW_LIMIT, width = 256 }: OutputDifferenceProps) {
  const t = useT();
  const titleId = useId();
  const radioName = useId();
  const locale = useUi((s) => s.locale);
  const result = useLabComputation();
  const selectedLayer = useLab((s) => s.selectedLayer);
  const [source, setSource] = useState<DifferenceSource>(defaultSource);
  const numLayers = result.ok ? result.layers.length : 0;
  const shownLayer = Math.max(0, Math.min(layer ?? selectedLayer, numLayers - 1));
  const data = useMemo(() => (result.ok ? outputDifference(result.layers[shownLayer], result.baseline[shownLayer], source) : null), [result, shownLayer, source]);
  if (!result.ok || !data) return null; // the head view (and the page) already say what is wrong with the input

  const tokens = result.tokens.map((tk) => tk.text);
  const reason = differenceReason(result.disabledHeads, shownLayer);
  const value = formatDelta(data.maxAbs);
  const offHere = [...(result.disabledHeads[shownLayer] ?? [])].sort((a, b) => a - b).map((h) => h + 1);
  const earlierOff = result.disabledHeads.slice(0, shownLayer).some((s) => s.size > 0);
  const caption =
    reason === 'all-on'
      ? t('outdiff.none')
      : [
          t('outdiff.max', { value }),
          reason === 'off-here' && t('outdiff.offHere', { heads: offHere.join(locale === 'zh' ? '、' : ', ') }),
          reason === 'off-here' && earlierOff && t('outdiff.alsoEarlier'),
          reason === 'from-earlier' && t('outdiff.fromEarlier'),
          reason === 'later-only' && t('outdiff.laterOnly'),
        ]
          .filter(Boolean)
          .join(locale === 'zh' ? '' : ' '); // Chinese sentences end in 。 and need no space
  const mode = data.diff.rows > svgRowLimit || data.diff.rows * data.diff.cols > DIFFERENCE_SVG_CELL_LIMIT ? 'canvas' : 'svg';
  const gridLabel = t('outdiff.gridLabel', { rows: data.diff.rows, cols: data.diff.cols, value });
  const cellLabel = (token: string, feature: number, v: number) => t('outdiff.cell', { token, feature, value: formatDelta(v) });

  return (
    <section className="outdiff" aria-labelledby={titleId}>
      <h3 id={titleId} className="outdiff-title">
        {t('outdiff.title', { layer: shownLayer + 1 })}
      </h3>
      <fieldset className="outdiff-source">
        <legend>{t('outdiff.source')}</legend>
        {(['layer', 'attention'] as const).map((s) => (
          <label key={s}>
            <input type="radio" name={radioName} value={s} checked={source === s} onChange={() => setSource(s)} />
            {t(s === 'layer' ? 'outdiff.sourceLayer' : 'outdiff.sourceAttention')}
          </label>
        ))}
      </fieldset>
      <p className="outdiff-caption" aria-live="polite">
        {caption}
      </p>
      {mode === 'svg' ? (
        <DifferenceSvg diff={data.diff} maxAbs={data.maxAbs} tokens={tokens} width={width} label={gridLabel} cellLabel={cellLabel} />
      ) : (
        <DifferenceCanvas diff={data.diff} maxAbs={data.maxAbs} tokens={tokens} width={width} label={gridLabel} cellLabel={cellLabel} />
      )}
      <p className="outdiff-axis">{t('outdiff.features', { last: data.diff.cols - 1 })}</p>
      <DifferenceLegend maxAbs={data.maxAbs} label={t('outdiff.legend')} />
      <p className="headview-note">{t(source === 'layer' ? 'outdiff.explainLayer' : 'outdiff.explainAttention', { features: data.diff.cols })}</p>
    </section>
  );
}

const LABEL_WIDTH = 64;

function cellSize(rows: number, cols: number, width: number): { cw: number; ch: number } {
  return { cw: Math.max(2, Math.min(14, Math.floor(width / Math.max(1, cols)))), ch: Math.max(4, Math.min(14, Math.floor(360 / Math.max(1, rows)))) };
}

interface DifferenceSvgProps {
  /** ablated − baseline, [tokens × E]. */
  readonly diff: Matrix;
  readonly maxAbs: number;
  readonly tokens: readonly string[];
  readonly width: number;
  readonly label: string;
  readonly cellLabel: (token: string, feature: number, value: number) => string;
}

function DifferenceSvg({ diff, maxAbs, tokens, width, label, cellLabel }: DifferenceSvgProps) {
  const { cw, ch } = cellSize(diff.rows, diff.cols, width);
  const [hovered, setHovered] = useState<{ row: number; col: number } | null>(null);
  const fontSize = Math.max(7, Math.min(11, ch - 1));
  // The cells depend only on the numbers: a re-render for anything else (the language, a hover) reuses them. One
  // readout under the grid replaces a <title> per cell, which cost 1,024 translated strings on every head toggle.
  const cells = useMemo(() => {
    const x = scaleBand<number>().domain(range(diff.cols)).range([0, diff.cols * cw]);
    const y = scaleBand<number>().domain(range(diff.rows)).range([0, diff.rows * ch]);
    const color = scoreColor(maxAbs);
    const out = [];
    for (let r = 0; r < diff.rows; r++) {
      for (let c = 0; c < diff.cols; c++) {
        const v = diff.data[r * diff.cols + c];
        const finite = Number.isFinite(v) ? v : 0;
        out.push(<rect key={`${r}-${c}`} x={x(c)} y={y(r)} width={x.bandwidth()} height={y.bandwidth()} fill={color(finite)} data-row={r} data-col={c} data-value={finite} />);
      }
    }
    return out;
  }, [diff, maxAbs, cw, ch]);
  const onPointer = (e: PointerEvent<SVGGElement>) => {
    const cell = (e.target as Element).closest('rect[data-row]');
    setHovered(cell ? { row: Number(cell.getAttribute('data-row')), col: Number(cell.getAttribute('data-col')) } : null);
  };
  return (
    <>
      {/* The viewBox lets CSS shrink the grid to a narrow frame (128 features at 2 px + labels outgrow 360 px). */}
      <svg className="outdiff-grid" width={LABEL_WIDTH + diff.cols * cw + 2} height={diff.rows * ch + 2} viewBox={`0 0 ${LABEL_WIDTH + diff.cols * cw + 2} ${diff.rows * ch + 2}`} role="img" aria-label={label}>
        <g transform={`translate(${LABEL_WIDTH},1)`} onPointerMove={onPointer} onPointerLeave={() => setHovered(null)}>
          {cells}
          <rect x={0} y={0} width={diff.cols * cw} height={diff.rows * ch} fill="none" stroke="#cbd5e1" pointerEvents="none" />
          {tokens.map((tk, r) => (
            <text key={r} x={-4} y={r * ch + ch / 2} dominantBaseline="middle" textAnchor="end" fontSize={fontSize} className="outdiff-token">
              {tk.length > 9 ? `${tk.slice(0, 8)}…` : tk}
            </text>
          ))}
        </g>
      </svg>
      <DifferenceReadout diff={diff} tokens={tokens} hovered={hovered} cellLabel={cellLabel} />
    </>
  );
}

interface DifferenceCanvasProps {
  readonly diff: Matrix;
  readonly maxAbs: number;
  readonly tokens: readonly string[];
  readonly width: number;
  readonly label: string;
  readonly cellLabel: (token: string, feature: number, value: number) => string;
}

/**
 * Larger grids: one pixel per cell, scaled up by CSS. React owns the <canvas>; the effect only paints. The pointer's
 * cell is read back from its position, so the readout under the grid works as it does on the SVG.
 */
function DifferenceCanvas({ diff, maxAbs, tokens, width, label, cellLabel }: DifferenceCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [hovered, setHovered] = useState<{ row: number; col: number } | null>(null);
  const cw = Math.max(1, Math.min(14, Math.floor(width / Math.max(1, diff.cols))));
  const ch = Math.max(1, Math.min(14, Math.floor(512 / Math.max(1, diff.rows))));
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (!canvas || !ctx) return; // no 2-D context (jsdom): nothing to paint
    canvas.width = diff.cols;
    canvas.height = diff.rows;
    const image = ctx.createImageData(diff.cols, diff.rows);
    image.data.set(differencePixels(diff, maxAbs));
    ctx.putImageData(image, 0, 0);
  }, [diff, maxAbs]);
  const onPointer = (e: PointerEvent<HTMLCanvasElement>) => {
    // CSS may shrink the canvas in a narrow frame: map through its drawn box, not the nominal cell size.
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    const col = Math.floor(((e.clientX - box.left) / box.width) * diff.cols);
    const row = Math.floor(((e.clientY - box.top) / box.height) * diff.rows);
    setHovered(row >= 0 && row < diff.rows && col >= 0 && col < diff.cols ? { row, col } : null);
  };
  return (
    <>
      <canvas ref={ref} className="outdiff-canvas" role="img" aria-label={label} style={{ width: diff.cols * cw, height: diff.rows * ch }} onPointerMove={onPointer} onPointerLeave={() => setHovered(null)} />
      <DifferenceReadout diff={diff} tokens={tokens} hovered={hovered} cellLabel={cellLabel} />
    </>
  );
}

interface DifferenceReadoutProps {
  readonly diff: Matrix;
  readonly tokens: readonly string[];
  /** The cell under the pointer, or null. */
  readonly hovered: { readonly row: number; readonly col: number } | null;
  readonly cellLabel: (token: string, feature: number, value: number) => string;
}

/** The line under the grid (SVG or canvas) naming the hovered cell's token, feature and Δ; blank when none. */
function DifferenceReadout({ diff, tokens, hovered, cellLabel }: DifferenceReadoutProps) {
  const shown = hovered && hovered.row < diff.rows && hovered.col < diff.cols ? hovered : null;
  const value = shown ? diff.data[shown.row * diff.cols + shown.col] : 0;
  return <p className="outdiff-readout">{shown ? cellLabel(tokens[shown.row] ?? '', shown.col, Number.isFinite(value) ? value : 0) : '\u00a0'}</p>;
}

const LEGEND_STEPS = 24;

/** The colour scale from −max|Δ| through 0 to +max|Δ| (−1 … 1 when nothing changed). */
function DifferenceLegend({ maxAbs, label }: { readonly maxAbs: number; readonly label: string }) {
  const m = maxAbs > 0 && Number.isFinite(maxAbs) ? maxAbs : 1;
  const color = scoreColor(m);
  const w = 160;
  const step = w / LEGEND_STEPS;
  return (
    <svg className="outdiff-legend" width={w + 40} height={32} role="img" aria-label={`${label}: −${formatDelta(m)} … 0 … ${formatDelta(m)}`}>
      <g transform="translate(20,2)">
        {range(LEGEND_STEPS).map((i) => (
          <rect key={i} x={i * step} y={0} width={step + 0.5} height={10} fill={color(-m + ((i + 0.5) / LEGEND_STEPS) * 2 * m)} />
        ))}
        <rect x={0} y={0} width={w} height={10} fill="none" stroke="#94a3b8" />
        <text x={0} y={24} textAnchor="middle" fontSize={10}>
          {formatDelta(-m)}
        </text>
        <text x={w / 2} y={24} textAnchor="middle" fontSize={10}>
          0
        </text>
        <text x={w} y={24} textAnchor="middle" fontSize={10}>
          {formatDelta(m)}
        </text>
      </g>
    </svg>
  );
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
