import { useId, useMemo, useState } from 'react';
import { tokenize } from '../../engine';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import type { WidgetProps } from '../types';
import { causalAllows, shiftRight, START, visibleInputs, type DecoderInput } from './shiftRight';
import './decoding.css';

/** More positions than this make the grid unreadable on a phone; the rest of the sentence is cut (and said so). */
export const TEACHER_FORCING_MAX_TOKENS = 24;
const MAX_CHARS = 400;

/**
 * Teacher forcing on a sentence (a text box, starting from the lab's sentence; it does not change the lab): the
 * decoder input (the start token, then the tokens shifted right) over the targets, and the causal mask as a grid
 * where row i may read inputs 1…i and must predict target i. Clicking a row says what that position reads and
 * predicts, and marks the target and the same token one place later in the input. No config.
 */
export function TeacherForcing(_props: WidgetProps) {
  const t = useT();
  const uid = useId();
  const labText = useLab((s) => s.text);
  const [text, setText] = useState(labText);
  const [selected, setSelected] = useState<number | null>(null);
  const tokenized = useMemo(() => tokenize(text, { maxTokens: TEACHER_FORCING_MAX_TOKENS, overflow: 'truncate' }), [text]);
  const sequence = useMemo(() => shiftRight(tokenized.tokens.map((tk) => tk.text)), [tokenized]);
  const n = sequence.targets.length;
  const row = selected !== null && selected < n ? selected : null;

  const label = (input: DecoderInput): string => (input === START ? t('lw.decoding.tf.start') : input);
  const quoted = (token: string): string => t('lw.decoding.tf.quoted', { token });
  const positions = Array.from({ length: n }, (_, i) => i);

  return (
    <div className="lw-decoding-tf">
      <div className="lw-decoding-field">
        <label htmlFor={`${uid}-text`}>{t('lw.decoding.tf.sentence')}</label>
        <input
          id={`${uid}-text`}
          type="text"
          value={text}
          maxLength={MAX_CHARS}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            setSelected(null);
          }}
        />
      </div>
      {tokenized.truncated && <p className="lw-decoding-note">{t('lw.decoding.tf.truncated', { n: TEACHER_FORCING_MAX_TOKENS, total: tokenized.totalTokens })}</p>}
      {n === 0 ? (
        <p className="lw-decoding-message" role="status">
          {t('lw.decoding.tf.empty')}
        </p>
      ) : (
        <>
          <div className="lw-decoding-scroll" role="region" tabIndex={0} aria-label={t('lw.decoding.tf.pairsLabel', { n })}>
            <table className="lw-decoding-table lw-decoding-pairs" data-testid="tf-pairs">
              <thead>
                <tr>
                  <th scope="col">{t('lw.decoding.tf.position')}</th>
                  {positions.map((i) => (
                    <th key={i} scope="col" className={row === i ? 'is-selected' : undefined}>
                      {i + 1}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr data-testid="tf-inputs">
                  <th scope="row">{t('lw.decoding.tf.inputRow')}</th>
                  {sequence.inputs.map((input, i) => (
                    <td key={i} className={[input === START ? 'is-start' : '', row !== null && i === row + 1 ? 'is-echo' : ''].join(' ').trim() || undefined}>
                      {label(input)}
                    </td>
                  ))}
                </tr>
                <tr data-testid="tf-targets">
                  <th scope="row">{t('lw.decoding.tf.targetRow')}</th>
                  {sequence.targets.map((target, i) => (
                    <td key={i} className={row === i ? 'is-target' : undefined}>
                      {target}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>

          <p className="lw-decoding-note">{t('lw.decoding.tf.gridHint')}</p>
          <div className="lw-decoding-scroll" role="region" tabIndex={0} aria-label={t('lw.decoding.tf.gridLabel', { n })}>
            <table className="lw-decoding-table lw-decoding-grid" data-testid="tf-grid">
              <thead>
                <tr>
                  <th scope="col">{t('lw.decoding.tf.gridCorner')}</th>
                  {sequence.inputs.map((input, j) => (
                    <th key={j} scope="col" className={input === START ? 'is-start' : undefined}>
                      {label(input)}
                    </th>
                  ))}
                  <th scope="col">{t('lw.decoding.tf.predicts')}</th>
                </tr>
              </thead>
              <tbody>
                {positions.map((i) => (
                  <tr key={i} className={row === i ? 'is-selected' : undefined} data-testid={`tf-row-${i}`}>
                    <th scope="row">
                      <button type="button" aria-pressed={row === i} onClick={() => setSelected(row === i ? null : i)}>
                        {t('lw.decoding.tf.rowButton', { n: i + 1 })}
                      </button>
                    </th>
                    {positions.map((j) => {
                      const allowed = causalAllows(i, j);
                      return (
                        <td key={j} className={allowed ? 'is-allowed' : 'is-blocked'}>
                          <span className="lw-decoding-sr">{t(allowed ? 'lw.decoding.tf.sees' : 'lw.decoding.tf.blocked')}</span>
                        </td>
                      );
                    })}
                    <td className="lw-decoding-grid__target">{sequence.targets[i]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <p className="lw-decoding-detail" aria-live="polite" data-testid="tf-detail">
            {row === null
              ? t('lw.decoding.tf.pick')
              : t('lw.decoding.tf.detail', {
                  n: row + 1,
                  count: row + 1,
                  inputs: visibleInputs(sequence, row).map(label).join(' '),
                  target: quoted(sequence.targets[row]),
                })}
            {row !== null && row + 1 < n && ` ${t('lw.decoding.tf.echo', { next: row + 2, target: quoted(sequence.targets[row]) })}`}
            {row !== null && row + 1 === n && ` ${t('lw.decoding.tf.last')}`}
          </p>
          <p className="lw-decoding-note">{t('lw.decoding.tf.onePass', { n })}</p>
        </>
      )}
    </div>
  );
}
