import { useId } from 'react';
import { RichText } from './RichText';
import type { Bi, Block, TableCell } from './types';
import { useBi } from './useBi';

export type TableBlock = Extract<Block, { readonly kind: 'table' }>;

function cellText(cell: TableCell, pick: (b: Bi) => string): string {
  return typeof cell === 'string' ? cell : typeof cell === 'number' ? String(cell) : pick(cell);
}

/**
 * A lesson's table. On a phone it is wider than the screen: it scrolls sideways inside its own box (focusable, so
 * keyboard users can scroll it, and named by the caption) rather than breaking words apart to fit.
 */
export function LessonTable({ block }: { readonly block: TableBlock }) {
  const pick = useBi();
  const captionId = useId();
  return (
    <div className="lesson-table" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table>
        <caption id={captionId}>
          <span className="lesson-table__caption-text">
            <RichText text={pick(block.caption)} />
          </span>
        </caption>
        <thead>
          <tr>
            {block.columns.map((c, i) => (
              <th key={i} scope="col">
                <RichText text={pick(c)} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c}>
                  <RichText text={cellText(cell, pick)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
