import type { ReactNode } from 'react';

export interface GuideTableProps {
  readonly caption: string;
  readonly headers: readonly string[];
  /** Cells per row, in header order; the first cell is the row's header. */
  readonly rows: readonly { readonly key: string; readonly cells: readonly ReactNode[] }[];
  readonly className?: string;
}

/**
 * A table that turns into one card per row on a narrow screen (guide.css). The explicit roles keep it a table for
 * assistive technology when CSS changes its display; the per-cell labels are visual only (aria-hidden), the
 * column headers still label the cells.
 */
export function GuideTable({ caption, headers, rows, className }: GuideTableProps) {
  return (
    <table role="table" className={`guide-table${className ? ` ${className}` : ''}`}>
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {headers.map((h) => (
            <th key={h} role="columnheader" scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={row.key} role="row">
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} role="rowheader" scope="row">
                  {cell}
                </th>
              ) : (
                <td key={i} role="cell">
                  <span className="guide-table__label" aria-hidden="true">
                    {headers[i]}
                  </span>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
