import { useId, useState } from 'react';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { MatrixView } from '../../components/walkthrough/MatrixView';
import '../../components/walkthrough/walkthrough.css';
import { useT } from '../../i18n/translate';
import { fastValue, useExperiment } from '../../run/experiments';
import { QkvEditorGrid } from './QkvEditorGrid';
import { DEFAULT_QKV, parseCell, QKV_NAMES, QKV_TOKENS, QKV_WIDTH, rowsOf, VALUE_LIMIT, type CellIssue, type QkvName, type QkvValues } from './QkvEditorModel';
import './basics.css';

const TOKEN_KEYS = ['lw.basics.qkv.token0', 'lw.basics.qkv.token1', 'lw.basics.qkv.token2'] as const;
const TITLE_KEYS = { Q: 'lw.basics.qkv.titleQ', K: 'lw.basics.qkv.titleK', V: 'lw.basics.qkv.titleV' } as const;
const ROLE_KEYS = { Q: 'lw.basics.qkv.roleQ', K: 'lw.basics.qkv.roleK', V: 'lw.basics.qkv.roleV' } as const;
const ISSUE_KEYS: Readonly<Record<CellIssue, 'lw.basics.qkv.errEmpty' | 'lw.basics.qkv.errNumber' | 'lw.basics.qkv.errRange'>> = {
  empty: 'lw.basics.qkv.errEmpty',
  'not-a-number': 'lw.basics.qkv.errNumber',
  'out-of-range': 'lw.basics.qkv.errRange',
};

type Drafts = Readonly<Record<QkvName, readonly string[]>>;
const draftsOf = (values: QkvValues): Drafts => ({ Q: values.Q.map(String), K: values.K.map(String), V: values.V.map(String) });

/**
 * Editable Q, K and V for three tokens (d_k = 2), and everything the engine's scaledDotProductAttention computes
 * from them: QKᵀ, QKᵀ/√d_k, the softmax weights and weights·V. A cell that does not hold a valid number is flagged
 * and explained, and the last valid value stays in use.
 */
export function QkvEditor() {
  const t = useT();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [values, setValues] = useState<QkvValues>(DEFAULT_QKV);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(DEFAULT_QKV));
  const [selected, setSelected] = useState(0);
  const tokens = TOKEN_KEYS.map((k) => t(k));
  // The engine's attention of the typed rows (src/run/experiments, 'qkv-attention': microseconds, memoised).
  const trace = fastValue(useExperiment('qkv-attention', { q: rowsOf(values.Q), k: rowsOf(values.K), v: rowsOf(values.V) }));

  const edit = (name: QkvName, index: number, text: string) => {
    setDrafts((d) => ({ ...d, [name]: d[name].map((s, i) => (i === index ? text : s)) }));
    const parsed = parseCell(text);
    if (parsed.ok) setValues((v) => ({ ...v, [name]: v[name].map((x, i) => (i === index ? parsed.value : x)) }));
  };
  const reset = () => {
    setValues(DEFAULT_QKV);
    setDrafts(draftsOf(DEFAULT_QKV));
    setSelected(0);
  };
  const cellName = (name: QkvName, row: number, col: number) => t('lw.basics.qkv.cell', { matrix: name, row: row + 1, token: tokens[row], col: col + 1 });

  const issues = QKV_NAMES.flatMap((name) =>
    drafts[name].flatMap((text, i) => {
      const parsed = parseCell(text);
      if (parsed.ok) return [];
      const row = Math.floor(i / QKV_WIDTH);
      const message = t(ISSUE_KEYS[parsed.issue], {
        cell: cellName(name, row, i % QKV_WIDTH),
        text: text.trim(),
        limit: VALUE_LIMIT,
        value: formatValue(values[name][i], 2),
      });
      return [{ id: `${uid}-${name}-${i}`, name, index: i, message }];
    }),
  );
  const messageIds = (name: QkvName) => drafts[name].map((_, i) => issues.find((x) => x.name === name && x.index === i)?.id ?? null);

  const weightsRow = Array.from(trace.weights.data.subarray(selected * QKV_TOKENS, (selected + 1) * QKV_TOKENS));
  const outputRow = Array.from(trace.output.data.subarray(selected * QKV_WIDTH, (selected + 1) * QKV_WIDTH));
  const terms = weightsRow
    .map((w, j) => `${formatValue(w, 3)} × (${values.V.slice(j * QKV_WIDTH, (j + 1) * QKV_WIDTH).map((x) => formatValue(x, 2)).join(', ')})`)
    .join(' + ');

  return (
    <div className="lw-basics-qkv">
      <ul className="lw-basics-qkv__roles">
        {QKV_NAMES.map((name) => (
          <li key={name}>{t(ROLE_KEYS[name])}</li>
        ))}
      </ul>
      <div className="lw-basics-qkv__inputs">
        {QKV_NAMES.map((name) => (
          <QkvEditorGrid
            key={name}
            name={name}
            title={t(TITLE_KEYS[name])}
            tokens={tokens}
            drafts={drafts[name]}
            messageIds={messageIds(name)}
            highlightRow={name === 'Q' ? selected : null}
            cellLabel={(r, c) => cellName(name, r, c)}
            onChange={(i, text) => edit(name, i, text)}
          />
        ))}
      </div>
      <div className="lw-basics-qkv__issues" aria-live="polite">
        {issues.length > 0 && (
          <ul>
            {issues.map((issue) => (
              <li key={issue.id} id={issue.id} className="lw-basics-error">
                {issue.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      <fieldset className="lw-basics-qkv__pick">
        <legend>{t('lw.basics.qkv.pick')}</legend>
        {tokens.map((token, r) => (
          <label key={r}>
            <input type="radio" name={`${uid}-row`} value={r} checked={selected === r} onChange={() => setSelected(r)} /> {token}
          </label>
        ))}
      </fieldset>
      <p className="lw-basics-note">{t('lw.basics.qkv.scale', { dk: QKV_WIDTH, root: formatValue(Math.sqrt(QKV_WIDTH), 3) })}</p>
      <div className="wt-matrices lw-basics-scroll">
        <MatrixView id="qkv-scores" label={t('lw.basics.qkv.scores')} matrix={trace.scores} rowLabels={tokens} colLabels={tokens} highlightRows={[selected]} />
        <MatrixView id="qkv-scaled" label={t('lw.basics.qkv.scaled')} matrix={trace.scaled} rowLabels={tokens} colLabels={tokens} highlightRows={[selected]} />
        <MatrixView id="qkv-weights" label={t('lw.basics.qkv.weights')} matrix={trace.weights} rowLabels={tokens} colLabels={tokens} kind="weights" highlightRows={[selected]} />
        <MatrixView id="qkv-output" label={t('lw.basics.qkv.output')} matrix={trace.output} rowLabels={tokens} highlightRows={[selected]} />
      </div>
      <p className="lw-basics-qkv__breakdown" data-testid="qkv-breakdown">
        {t('lw.basics.qkv.breakdown', { token: tokens[selected], terms, x: formatValue(outputRow[0], 3), y: formatValue(outputRow[1], 3) })}
      </p>
      <p className="lw-basics-note">{t('lw.basics.qkv.rowSum', { token: tokens[selected], sum: formatValue(weightsRow.reduce((s, w) => s + w, 0), 3) })}</p>
      <button type="button" className="secondary" onClick={reset}>
        {t('lw.basics.reset')}
      </button>
    </div>
  );
}
