import { useState } from 'react';
import { useT } from '../../i18n/translate';
import { fastValue, useExperiment } from '../../run/experiments';
import { D2L_FILL, EXAMPLE_SCORES, outcomeOf, softmaxFilled, softmaxNegInf, UVA_FILL, type RowOutcome } from './FullyMaskedRowMath';
import './heads.css';

type Fill = 'uva' | 'd2l';
const FILLS: Readonly<Record<Fill, number>> = { uva: UVA_FILL, d2l: D2L_FILL };

/**
 * One query row of example scores, every key masked to start with, and what three conventions make of it: −∞ then
 * softmax (PyTorch: not a number), a large negative instead of −∞ (UvA −9e15, d2l −1e6: uniform weights), and this
 * engine (zeros, reported as fully masked). Each key can be unmasked to see the three agree again. Local state only.
 */
export function FullyMaskedRow() {
  const t = useT();
  const [blocked, setBlocked] = useState<boolean[]>(() => EXAMPLE_SCORES.map(() => true));
  const [fill, setFill] = useState<Fill>('uva');

  const negInf = softmaxNegInf(EXAMPLE_SCORES, blocked);
  const filled = softmaxFilled(EXAMPLE_SCORES, blocked, FILLS[fill]);
  // The engine's own masked softmax of the row (src/run/experiments, 'engine-softmax-row').
  const engine = fastValue(useExperiment('engine-softmax-row', { scores: EXAMPLE_SCORES, blocked }));
  const allBlocked = blocked.every(Boolean);
  const toggle = (i: number) => setBlocked((b) => b.map((x, j) => (j === i ? !x : x)));
  const sum = (ws: readonly number[]) => ws.reduce((a, b) => a + b, 0);
  const n = EXAMPLE_SCORES.length;

  return (
    <div className="lw-heads-fmr">
      <p className="lw-heads-note">{t('lw.heads.fmr.intro', { n })}</p>
      <div className="lw-heads-buttons" role="group" aria-label={t('lw.heads.fmr.fillLegend')}>
        <span className="lw-heads-field">{t('lw.heads.fmr.fillLegend')}</span>
        {(['uva', 'd2l'] as const).map((f) => (
          <button key={f} type="button" aria-pressed={fill === f} onClick={() => setFill(f)}>
            {t(`lw.heads.fmr.fill.${f}`)}
          </button>
        ))}
      </div>
      <div className="lw-heads-scroll">
        <table className="lw-heads-table lw-heads-fmr__table">
          <caption>{t('lw.heads.fmr.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lw.heads.fmr.colKey')}</th>
              <th scope="col">{t('lw.heads.fmr.colScore')}</th>
              <th scope="col">{t('lw.heads.fmr.colNegInf')}</th>
              <th scope="col">{t('lw.heads.fmr.colFilled', { fill: t(`lw.heads.fmr.fillValue.${fill}`) })}</th>
              <th scope="col">{t('lw.heads.fmr.colEngine')}</th>
            </tr>
          </thead>
          <tbody>
            {EXAMPLE_SCORES.map((score, i) => (
              <tr key={i} className={blocked[i] ? 'is-masked' : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="lw-heads-keytoggle"
                    aria-pressed={blocked[i]}
                    onClick={() => toggle(i)}
                  >
                    {t('lw.heads.fmr.key', { n: i + 1 })} · {blocked[i] ? t('lw.heads.fmr.masked') : t('lw.heads.fmr.open')}
                  </button>
                </th>
                <td>{score.toFixed(1).replace('-', '−')}</td>
                <td data-convention="neg-inf">
                  <Weight value={negInf[i]} />
                </td>
                <td data-convention="filled">
                  <Weight value={filled[i]} />
                </td>
                <td data-convention="engine">
                  <Weight value={engine.weights[i]} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('lw.heads.fmr.sum')}
              </th>
              <td>
                <Weight value={sum(negInf)} />
              </td>
              <td>
                <Weight value={sum(filled)} />
              </td>
              <td>
                <Weight value={sum(engine.weights)} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="lw-heads-cards">
        <Verdict id="neg-inf" title={t('lw.heads.fmr.titleNegInf')} outcome={outcomeOf(negInf)} n={n} />
        <Verdict id="filled" title={t('lw.heads.fmr.titleFilled', { fill: t(`lw.heads.fmr.fillValue.${fill}`) })} outcome={outcomeOf(filled)} n={n} />
        <Verdict id="engine" title={t('lw.heads.fmr.titleEngine')} outcome={outcomeOf(engine.weights)} n={n} reported={engine.fullyMasked} />
      </div>
      <p className="lw-heads-note" role="status">
        {allBlocked ? t('lw.heads.fmr.summaryAll') : t('lw.heads.fmr.summarySome')}
      </p>
    </div>
  );
}

/** A weight as text; a NaN is shown as the word NaN on purpose, marked so page-wide "no NaN" checks skip it. */
function Weight({ value }: { readonly value: number }) {
  if (Number.isNaN(value)) return <span data-intended-nan="true">NaN</span>;
  return <>{value === 0 ? '0' : value.toFixed(3)}</>;
}

interface VerdictProps {
  readonly id: string;
  readonly title: string;
  readonly outcome: RowOutcome;
  readonly n: number;
  /** The engine's own fullyMaskedRows report, for its card. */
  readonly reported?: boolean;
}

function Verdict({ id, title, outcome, n, reported }: VerdictProps) {
  const t = useT();
  return (
    <section className={`lw-heads-card lw-heads-card--${outcome}`} data-convention={id} aria-label={title}>
      <h4>{title}</h4>
      <p className="lw-heads-card__result" data-testid={`fmr-result-${id}`}>
        <span className="lw-heads-field">{t('lw.heads.fmr.result')}</span>{' '}
        {outcome === 'nan' ? (
          <strong data-intended-nan="true">NaN</strong>
        ) : (
          <strong>{t(`lw.heads.fmr.outcome.${outcome}`, { n, each: (1 / n).toFixed(3) })}</strong>
        )}
      </p>
      <p className="lw-heads-note">{t(`lw.heads.fmr.why.${outcome}`)}</p>
      {reported && <p className="lw-heads-card__report">{t('lw.heads.fmr.reported')}</p>}
    </section>
  );
}
