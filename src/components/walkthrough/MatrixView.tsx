import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { AttentionHeatmap, HatchPattern, HeatmapCells, formatValue, heatmapScale, readableTextColour, type CellRef, type HeatmapKind } from '../heatmap';
import { useT } from '../../i18n/translate';

/** Up to this many rows and columns a matrix is shown as numbers; beyond, as a heatmap. */
export const GRID_MAX_ROWS = 12;
export const GRID_MAX_COLS = 16;
/** Digits shown in number grids. */
export const GRID_DIGITS = 3;

export function showsAsGrid(m: Matrix): boolean {
  return m.rows <= GRID_MAX_ROWS && m.cols <= GRID_MAX_COLS;
}

export interface MatrixViewProps {
  /** The values, row-major; rows are tokens unless said otherwise. */
  readonly matrix: Matrix;
  /** Caption, e.g. "Q (head 1)"; the shape is appended. */
  readonly label: string;
  /** Short id for tests and styling (data-matrix). */
  readonly id: string;
  /** Row labels (tokens), length matrix.rows. */
  readonly rowLabels: readonly string[];
  /** Column labels; only used by query × key matrices (default: column numbers). */
  readonly colLabels?: readonly string[];
  /** 'scores' (default): diverging palette around 0; 'weights': 0 … 1. */
  readonly kind?: HeatmapKind;
  /** A [query × key] matrix: drawn with AttentionHeatmap when too large for numbers (default false). */
  readonly attention?: boolean;
  readonly mask?: BlockedMask | null;
  /** Rows / columns to highlight (the operands that produced the active output cell). */
  readonly highlightRows?: readonly number[];
  readonly highlightCols?: readonly number[];
  /** Makes the cells hoverable and focusable; called with the cell under the pointer or focus, null on leave. */
  readonly onActiveCell?: (cell: CellRef | null) => void;
  readonly activeCell?: CellRef | null;
}

const EMPTY: readonly number[] = [];

/** A labelled matrix: a number grid when small, a heatmap otherwise, with linked highlighting. */
export function MatrixView({
  matrix,
  label,
  id,
  rowLabels,
  colLabels,
  kind = 'scores',
  attention = false,
  mask = null,
  highlightRows = EMPTY,
  highlightCols = EMPTY,
  onActiveCell,
  activeCell = null,
}: MatrixViewProps) {
  const t = useT();
  const grid = showsAsGrid(matrix);
  const shape = t('walkthrough.shape', { rows: matrix.rows, cols: matrix.cols });
  const highlighted = highlightRows.length > 0 || highlightCols.length > 0;
  return (
    <figure
      className={`wt-matrix${highlighted ? ' wt-matrix--linked' : ''}`}
      data-matrix={id}
      data-highlight-rows={highlightRows.join(' ')}
      data-highlight-cols={highlightCols.join(' ')}
    >
      <figcaption className="wt-matrix__caption">
        <span className="wt-matrix__label">{label}</span> <span className="wt-matrix__shape">{shape}</span>
      </figcaption>
      {grid ? (
        <NumberGrid {...{ matrix, rowLabels, kind, mask, highlightRows, highlightCols, onActiveCell, activeCell, label }} />
      ) : attention ? (
        <AttentionHover onActiveCell={onActiveCell}>
          <AttentionHeatmap matrix={matrix} queryTokens={rowLabels} keyTokens={colLabels} kind={kind} mask={mask} title={`${label} (${shape})`} captionHidden size={300} />
        </AttentionHover>
      ) : (
        <MiniHeatmap {...{ matrix, kind, mask, highlightRows, highlightCols, onActiveCell, activeCell }} />
      )}
    </figure>
  );
}

interface GridProps {
  readonly matrix: Matrix;
  readonly rowLabels: readonly string[];
  readonly kind: HeatmapKind;
  readonly mask: BlockedMask | null;
  readonly highlightRows: readonly number[];
  readonly highlightCols: readonly number[];
  readonly onActiveCell?: (cell: CellRef | null) => void;
  readonly activeCell: CellRef | null;
  readonly label: string;
}

function NumberGrid({ matrix, rowLabels, kind, mask, highlightRows, highlightCols, onActiveCell, activeCell, label }: GridProps) {
  const scale = useMemo(() => heatmapScale(kind, matrix, mask), [kind, matrix, mask]);
  const interactive = onActiveCell !== undefined;
  const [roving, setRoving] = useState<CellRef>({ q: 0, k: 0 });
  const table = useRef<HTMLTableElement>(null);
  const focusCell = (cell: CellRef) => {
    setRoving(cell);
    table.current?.querySelector<HTMLElement>(`td[data-q="${cell.q}"][data-k="${cell.k}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!interactive) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    e.stopPropagation(); // arrows move within the grid here, not between steps
    const from = activeCell ?? roving;
    focusCell({ q: Math.min(matrix.rows - 1, Math.max(0, from.q + move[0])), k: Math.min(matrix.cols - 1, Math.max(0, from.k + move[1])) });
  };
  return (
    <table
      ref={table}
      className={`wt-grid${interactive ? ' wt-grid--interactive' : ''}`}
      role={interactive ? 'grid' : undefined}
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseLeave={interactive ? () => onActiveCell(null) : undefined}
      onBlur={interactive ? (e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && onActiveCell(null) : undefined}
    >
      <tbody>
        {Array.from({ length: matrix.rows }, (_, r) => {
          const rowOn = highlightRows.includes(r);
          return (
            <tr key={r} data-row={r} className={rowOn ? 'is-highlighted' : undefined} data-highlighted={rowOn ? 'true' : undefined}>
              <th scope="row" className="wt-grid__label" title={rowLabels[r]}>
                {rowLabels[r] ?? r + 1}
              </th>
              {Array.from({ length: matrix.cols }, (_, c) => {
                const i = r * matrix.cols + c;
                const v = matrix.data[i];
                const blocked = v === -Infinity || (mask != null && mask.blocked[i] === 1);
                const background = blocked ? '#d4d4d8' : scale.color(v);
                const isActive = activeCell?.q === r && activeCell.k === c;
                const classes = ['wt-grid__cell', highlightCols.includes(c) ? 'is-col-highlighted' : '', isActive ? 'is-active' : '', blocked ? 'is-blocked' : ''].filter(Boolean).join(' ');
                return (
                  <td
                    key={c}
                    data-q={r}
                    data-k={c}
                    className={classes}
                    style={{ background, color: readableTextColour(background) }}
                    role={interactive ? 'gridcell' : undefined}
                    aria-selected={interactive ? isActive : undefined}
                    tabIndex={interactive ? (roving.q === r && roving.k === c ? 0 : -1) : undefined}
                    onMouseEnter={interactive ? () => onActiveCell({ q: r, k: c }) : undefined}
                    onFocus={
                      interactive
                        ? () => {
                            setRoving({ q: r, k: c });
                            onActiveCell({ q: r, k: c });
                          }
                        : undefined
                    }
                  >
                    {formatValue(v, GRID_DIGITS)}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Reads the hovered cell from AttentionHeatmap's rects (each carries data-q / data-k). */
function AttentionHover({ onActiveCell, children }: { readonly onActiveCell?: (cell: CellRef | null) => void; readonly children: ReactNode }) {
  if (!onActiveCell) return <>{children}</>;
  const over = (e: PointerEvent<HTMLDivElement>) => {
    const rect = (e.target as Element).closest?.('[data-q][data-k]');
    if (rect) onActiveCell({ q: Number(rect.getAttribute('data-q')), k: Number(rect.getAttribute('data-k')) });
  };
  return (
    <div className="wt-matrix__hover" onPointerOver={over} onPointerLeave={() => onActiveCell(null)}>
      {children}
    </div>
  );
}

type MiniProps = Omit<GridProps, 'rowLabels' | 'label'>;

/** A heatmap of any matrix (cells drawn by the shared HeatmapCells), with highlight bands over rows and columns. */
function MiniHeatmap({ matrix, kind, mask, highlightRows, highlightCols, onActiveCell, activeCell }: MiniProps) {
  const hatchId = `wt-hatch-${useId().replace(/:/g, '')}`;
  const scale = useMemo(() => heatmapScale(kind, matrix, mask), [kind, matrix, mask]);
  const cell = Math.max(3, Math.min(14, Math.floor(320 / Math.max(matrix.cols, 1))));
  const width = cell * matrix.cols;
  const height = cell * matrix.rows;
  const move = (e: PointerEvent<SVGSVGElement>) => {
    if (!onActiveCell) return;
    const box = e.currentTarget.getBoundingClientRect();
    const q = Math.floor((e.clientY - box.top) / cell);
    const k = Math.floor((e.clientX - box.left) / cell);
    if (q >= 0 && q < matrix.rows && k >= 0 && k < matrix.cols) onActiveCell({ q, k });
  };
  return (
    <svg className="wt-heatmap" width={width} height={height} aria-hidden="true" focusable="false" onPointerMove={move} onPointerLeave={onActiveCell ? () => onActiveCell(null) : undefined}>
      <defs>
        <HatchPattern id={hatchId} size={4} />
      </defs>
      <HeatmapCells matrix={matrix} scale={scale} mask={mask} cellWidth={cell} cellHeight={cell} hatchId={hatchId} />
      {highlightRows.map((r) => (
        <rect key={`r${r}`} className="wt-heatmap__band" x={0.5} y={r * cell + 0.5} width={width - 1} height={cell - 1} />
      ))}
      {highlightCols.map((c) => (
        <rect key={`c${c}`} className="wt-heatmap__band" x={c * cell + 0.5} y={0.5} width={cell - 1} height={height - 1} />
      ))}
      {activeCell && <rect className="wt-heatmap__active" x={activeCell.k * cell} y={activeCell.q * cell} width={cell} height={cell} />}
    </svg>
  );
}
