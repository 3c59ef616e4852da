import { useState } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { useT } from '../../i18n/translate';
import { formatValue, isBlockedAt, pageRange } from './heatmapModel';

/** Rows and columns per table page: a 64-token matrix fits on one page; 512 tokens are shown 64 × 64 at a time. */
export const TABLE_PAGE_SIZE = 64;

export interface HeatmapTableProps {
  /** The values, [query × key]. */
  readonly matrix: Matrix;
  readonly queryTokens: readonly string[];
  readonly keyTokens: readonly string[];
  readonly title: string;
  readonly mask?: BlockedMask | null;
  /** Query rows whose every key is blocked. */
  readonly fullyMaskedRows?: readonly number[];
  /** Cells per page along each axis (default TABLE_PAGE_SIZE). */
  readonly pageSize?: number;
}

/** The heatmap's numbers as a real table: query tokens as row headers, key tokens as column headers. */
export function HeatmapTable({ matrix, queryTokens, keyTokens, title, mask = null, fullyMaskedRows = [], pageSize = TABLE_PAGE_SIZE }: HeatmapTableProps) {
  const t = useT();
  const [rowPage, setRowPage] = useState(0);
  const [colPage, setColPage] = useState(0);
  const rowsRange = pageRange(rowPage, matrix.rows, pageSize);
  const colsRange = pageRange(colPage, matrix.cols, pageSize);
  const paged = rowsRange.pages > 1 || colsRange.pages > 1;
  const keys = range(colsRange.from, colsRange.to);
  const fullyMasked = new Set(fullyMaskedRows);
  return (
    <div className="attention-heatmap__table-view">
      {paged && (
        <div className="attention-heatmap__table-pager">
          <span>
            {t('heatmap.table.range', {
              qFrom: rowsRange.from + 1,
              qTo: rowsRange.to,
              kFrom: colsRange.from + 1,
              kTo: colsRange.to,
              rows: matrix.rows,
              cols: matrix.cols,
            })}
          </span>
          <button type="button" disabled={rowsRange.page === 0} onClick={() => setRowPage(rowsRange.page - 1)}>
            {t('heatmap.table.prevQueries')}
          </button>
          <button type="button" disabled={rowsRange.page >= rowsRange.pages - 1} onClick={() => setRowPage(rowsRange.page + 1)}>
            {t('heatmap.table.nextQueries')}
          </button>
          <button type="button" disabled={colsRange.page === 0} onClick={() => setColPage(colsRange.page - 1)}>
            {t('heatmap.table.prevKeys')}
          </button>
          <button type="button" disabled={colsRange.page >= colsRange.pages - 1} onClick={() => setColPage(colsRange.page + 1)}>
            {t('heatmap.table.nextKeys')}
          </button>
        </div>
      )}
      <div className="attention-heatmap__table-scroll" role="region" aria-label={title} tabIndex={0}>
        <table className="attention-heatmap__table">
          <caption>{t('heatmap.table.caption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('heatmap.table.corner')}</th>
              {keys.map((k) => (
                <th key={k} scope="col">
                  <span className="attention-heatmap__table-index">{k + 1}</span> {keyTokens[k] ?? ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {range(rowsRange.from, rowsRange.to).map((q) => (
              <tr key={q}>
                <th scope="row">
                  <span className="attention-heatmap__table-index">{q + 1}</span> {queryTokens[q] ?? ''}
                  {fullyMasked.has(q) && <span className="attention-heatmap__table-row-note"> ({t('heatmap.fullyMasked')})</span>}
                </th>
                {keys.map((k) => {
                  const i = q * matrix.cols + k;
                  const blocked = isBlockedAt(matrix, mask, i);
                  return (
                    <td key={k} className={blocked ? 'attention-heatmap__table-masked' : undefined}>
                      {blocked ? t('heatmap.value.masked') : formatValue(matrix.data[i])}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}
