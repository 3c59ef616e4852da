import { useId, type ReactNode } from 'react';

export interface ShapesTableProps {
  /** The line above the table that says for which sentence and model the shapes are; it also names the table. */
  readonly caption: string;
  readonly testId: string;
  /** The table's sections: a <tbody>, with a <thead> first where the columns need names. */
  readonly children: ReactNode;
}

/** The matrix shapes of a step of multi-head attention: a captioned table in a scroll region that keys can reach. */
export function ShapesTable({ caption, testId, children }: ShapesTableProps) {
  const captionId = useId();
  return (
    <>
      <p id={captionId} className="lw-heads-caption">
        {caption}
      </p>
      <div className="lw-heads-scroll" role="region" tabIndex={0} aria-labelledby={captionId}>
        <table className="lw-heads-table lw-heads-shapes" data-testid={testId} aria-labelledby={captionId}>
          {children}
        </table>
      </div>
    </>
  );
}

export interface ShapeRowProps {
  /** The tensor or operation, printed as code. */
  readonly name: string;
  readonly value: string;
  /** What the shape means, in a third column (default: no third column). */
  readonly note?: string;
}

/** One row of a ShapesTable: a name and its shape. */
export function ShapeRow({ name, value, note }: ShapeRowProps) {
  return (
    <tr>
      <th scope="row">
        <code>{name}</code>
      </th>
      <td className="lw-heads-shape">{value}</td>
      {note !== undefined && <td className="lw-heads-shapes__note">{note}</td>}
    </tr>
  );
}
