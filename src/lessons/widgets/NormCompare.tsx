import { useId, useMemo, useState } from 'react';
import type { Matrix } from '../../engine';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { useT } from '../../i18n/translate';
import { fastValue, NORM_EPS, useExperiment } from '../../run/experiments';
import {
  columnStats,
  DEFAULT_NORM_CELLS,
  NORM_MAX_SIZE,
  NORM_MIN_SIZE,
  NORM_VALUE_LIMIT,
  parseCells,
  rowStats,
  type MeanStd,
} from './normCompareMath';
import './model.css';

const DIGITS = 5;
const copy = (cells: readonly (readonly string[])[]): string[][] => cells.map((r) => [...r]);

/**
 * LayerNorm vs BatchNorm on a small editable matrix X (rows: tokens or batch items, columns: features).
 * LayerNorm normalises each row, BatchNorm each column; ε = 1e-5, γ = 1, β = 0. Config: none.
 */
export function NormCompare() {
  const t = useT();
  const [cells, setCells] = useState<string[][]>(() => copy(DEFAULT_NORM_CELLS));
  const parsed = useMemo(() => parseCells(cells), [cells]);
  // LayerNorm of the rows and of the columns (src/run/experiments, 'norms': microseconds, memoised).
  const normsState = useExperiment('norms', parsed.ok ? { x: parsed.matrix } : null);
  const results = parsed.ok ? fastValue(normsState) : null;
  const rows = cells.length;
  const cols = cells[0].length;

  const edit = (r: number, c: number, value: string) => setCells((prev) => prev.map((row, i) => (i === r ? row.map((v, j) => (j === c ? value : v)) : row)));
  const resize = (dr: number, dc: number) =>
    setCells((prev) => {
      const nr = Math.min(NORM_MAX_SIZE, Math.max(NORM_MIN_SIZE, prev.length + dr));
      const nc = Math.min(NORM_MAX_SIZE, Math.max(NORM_MIN_SIZE, prev[0].length + dc));
      return Array.from({ length: nr }, (_, r) => Array.from({ length: nc }, (_, c) => prev[r]?.[c] ?? String(r + c + 1)));
    });

  return (
    <div className="lw-model-norm">
      <p className="lw-model-note">{t('lw.model.norm.intro')}</p>
      <div className="lw-model-row">
        <button type="button" onClick={() => resize(1, 0)} disabled={rows >= NORM_MAX_SIZE}>
          {t('lw.model.norm.addRow')}
        </button>
        <button type="button" onClick={() => resize(-1, 0)} disabled={rows <= NORM_MIN_SIZE}>
          {t('lw.model.norm.removeRow')}
        </button>
        <button type="button" onClick={() => resize(0, 1)} disabled={cols >= NORM_MAX_SIZE}>
          {t('lw.model.norm.addCol')}
        </button>
        <button type="button" onClick={() => resize(0, -1)} disabled={cols <= NORM_MIN_SIZE}>
          {t('lw.model.norm.removeCol')}
        </button>
        <button type="button" onClick={() => setCells(copy(DEFAULT_NORM_CELLS))}>
          {t('lw.model.norm.reset')}
        </button>
      </div>
      <div className="lw-model-matrices">
        <InputGrid cells={cells} onEdit={edit} />
        {results && (
          <>
            <OutputGrid id="layernorm" title={t('lw.model.norm.ln')} direction={t('lw.model.norm.lnDirection')} matrix={results.ln} stats={rowStats(results.ln)} along="rows" />
            <OutputGrid id="batchnorm" title={t('lw.model.norm.bn')} direction={t('lw.model.norm.bnDirection')} matrix={results.bn} stats={columnStats(results.bn)} along="cols" />
          </>
        )}
      </div>
      {!parsed.ok && (
        <p role="alert" className="lw-model-error">
          {parsed.reason === 'too-large'
            ? t('lw.model.norm.tooLarge', { row: parsed.row + 1, col: parsed.col + 1, limit: NORM_VALUE_LIMIT.toLocaleString('en') })
            : t('lw.model.norm.notNumber', { row: parsed.row + 1, col: parsed.col + 1 })}
        </p>
      )}
      {results && cols === 1 && <p className="lw-model-note">{t('lw.model.norm.oneCol')}</p>}
      {results && rows === 1 && <p className="lw-model-note">{t('lw.model.norm.oneRow')}</p>}
      <p className="lw-model-note">{t('lw.model.norm.eps', { eps: String(NORM_EPS) })}</p>
    </div>
  );
}

function InputGrid({ cells, onEdit }: { readonly cells: readonly (readonly string[])[]; readonly onEdit: (r: number, c: number, v: string) => void }) {
  const t = useT();
  const captionId = useId();
  return (
    <figure className="lw-model-matrix" data-matrix="x">
      <figcaption id={captionId} className="lw-model-matrix__caption">
        <strong>{t('lw.model.norm.input')}</strong> <span>{t('lw.model.norm.axes')}</span>
      </figcaption>
      <table className="lw-model-grid" aria-labelledby={captionId}>
        <tbody>
          {cells.map((row, r) => (
            <tr key={r}>
              {row.map((value, c) => {
                const invalid = !Number.isFinite(Number(value.trim().replace(/^−/, '-'))) || value.trim() === '';
                return (
                  <td key={c}>
                    <input
                      className="lw-model-cell-input"
                      type="text"
                      inputMode="decimal"
                      value={value}
                      aria-label={t('lw.model.norm.cell', { row: r + 1, col: c + 1 })}
                      aria-invalid={invalid || undefined}
                      onChange={(e) => onEdit(r, c, e.target.value)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

interface OutputGridProps {
  readonly id: string;
  readonly title: string;
  readonly direction: string;
  readonly matrix: Matrix;
  /** Mean and std per row (LayerNorm) or per column (BatchNorm) of the output. */
  readonly stats: readonly MeanStd[];
  readonly along: 'rows' | 'cols';
}

function OutputGrid({ id, title, direction, matrix, stats, along }: OutputGridProps) {
  const t = useT();
  const captionId = useId();
  const stat = (s: MeanStd) => t('lw.model.norm.stat', { mean: formatValue(s.mean, 3), std: formatValue(s.std, DIGITS) });
  return (
    <figure className={`lw-model-matrix lw-model-matrix--${along}`} data-matrix={id}>
      <figcaption id={captionId} className="lw-model-matrix__caption">
        <strong>{title}</strong> <span>{direction}</span>
      </figcaption>
      <table className="lw-model-grid lw-model-grid--out" aria-labelledby={captionId}>
        <tbody>
          {Array.from({ length: matrix.rows }, (_, r) => (
            <tr key={r}>
              {Array.from({ length: matrix.cols }, (_, c) => (
                <td key={c} data-r={r} data-c={c}>
                  {formatValue(matrix.data[r * matrix.cols + c], DIGITS)}
                </td>
              ))}
              {along === 'rows' && <td className="lw-model-grid__stat">{stat(stats[r])}</td>}
            </tr>
          ))}
          {along === 'cols' && (
            <tr>
              {stats.map((s, c) => (
                <td key={c} className="lw-model-grid__stat">
                  {stat(s)}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </figure>
  );
}
