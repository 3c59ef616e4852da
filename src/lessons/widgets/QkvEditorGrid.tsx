import { QKV_WIDTH, type QkvName } from './QkvEditorModel';

export interface QkvEditorGridProps {
  readonly name: QkvName;
  /** The matrix's heading, e.g. "Q (queries)". */
  readonly title: string;
  readonly tokens: readonly string[];
  /** What is in each input, row-major. */
  readonly drafts: readonly string[];
  /** Per cell: the id of the message explaining why it is invalid, or null when valid. */
  readonly messageIds: readonly (string | null)[];
  /** The query row being followed (highlighted), or null. */
  readonly highlightRow: number | null;
  readonly cellLabel: (row: number, col: number) => string;
  readonly onChange: (index: number, text: string) => void;
}

/** One editable [token × feature] matrix as a table of text inputs (text, so a bad entry can be shown and explained). */
export function QkvEditorGrid({ name, title, tokens, drafts, messageIds, highlightRow, cellLabel, onChange }: QkvEditorGridProps) {
  return (
    <table className="lw-basics-qkv__matrix" data-qkv={name}>
      <caption>{title}</caption>
      <tbody>
        {tokens.map((token, r) => (
          <tr key={r} className={r === highlightRow ? 'is-selected' : undefined} data-row={r}>
            <th scope="row">{token}</th>
            {Array.from({ length: QKV_WIDTH }, (_, c) => {
              const i = r * QKV_WIDTH + c;
              const messageId = messageIds[i];
              return (
                <td key={c}>
                  <input
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    spellCheck={false}
                    className="lw-basics-qkv__input"
                    aria-label={cellLabel(r, c)}
                    aria-invalid={messageId ? true : undefined}
                    aria-describedby={messageId ?? undefined}
                    value={drafts[i]}
                    onChange={(e) => onChange(i, e.target.value)}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
