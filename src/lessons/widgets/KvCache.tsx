import { useId, useState } from 'react';
import type { Matrix } from '../../engine';
import { cachedStepCost, cumulativeCost, fullRecomputeCost, kvCacheNumbers, type KvCacheRun } from '../../engine/decoding';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useExperiment } from '../../run/experiments';
import { DEFAULT_SETTINGS } from '../../state/labStore';
import type { WidgetProps } from '../types';
import { AttentionRowStrip, chipText, formatCount, formatSigned } from '../../components/generation';
import { KV_DEMO } from './kvCacheDemo';
import '../../components/generation/generation.css';

/**
 * A decoder's KV cache, step by step, on a short sentence: "next token" feeds one more token through the engine's
 * one-head, width-8 untrained attention layer (kvCacheRun with KV_DEMO); K and V grow by one row (marked), only the
 * new query is computed, its attention row reads every cached token, and two counters compare the multiply-adds with
 * and without the cache. Config: text (string; default the lab's default sentence). The sentence can be edited;
 * editing starts again from an empty cache.
 */
export function KvCache({ config }: WidgetProps) {
  const t = useT();
  const inputId = useId();
  const [text, setText] = useState(() => (typeof config?.text === 'string' && config.text.trim() !== '' ? config.text : DEFAULT_SETTINGS.text));
  const [fed, setFed] = useState(0);
  // The demo layer's run (src/run/experiments, 'kv-cache': about a millisecond, so computed here).
  const result = useExperiment('kv-cache', { text, config: KV_DEMO });
  const count = result.status === 'done' ? result.value.steps.length : 0;
  const t0 = Math.min(fed, count);

  return (
    <div className="lw-gen lw-gen-kv">
      <p className="lw-gen-note">{t('lw.kvcache.intro', { seed: KV_DEMO.seed, e: KV_DEMO.embedDim })}</p>
      <div className="lw-gen-row">
        <label htmlFor={inputId}>{t('lw.kvcache.textLabel')}</label>
        <input
          id={inputId}
          type="text"
          className="lw-gen-text"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFed(0);
          }}
        />
      </div>
      {result.status !== 'done' ? (
        <p className="lw-gen-error" role="alert">
          {result.status === 'error' ? engineErrorMessage(t, result.error) : t('experiment.pending')}
        </p>
      ) : (
        <>
          {result.value.truncated && <p className="lw-gen-note">{t('lw.kvcache.truncated', { max: KV_DEMO.maxTokens, total: result.value.totalTokens })}</p>}
          <div className="lw-gen-buttons">
            <button type="button" disabled={t0 >= count} onClick={() => setFed(t0 + 1)}>
              {t('lw.kvcache.next')}
            </button>
            <button type="button" className="secondary" disabled={t0 === 0} onClick={() => setFed(0)}>
              {t('lw.kvcache.reset')}
            </button>
          </div>
          <KvCacheStepView demo={result.value} fed={t0} />
        </>
      )}
    </div>
  );
}

function KvCacheStepView({ demo, fed }: { readonly demo: KvCacheRun; readonly fed: number }) {
  const t = useT();
  const n = demo.steps.length;
  const step = fed > 0 ? demo.steps[fed - 1] : null;
  const token = fed > 0 ? demo.tokens[fed - 1] : '';
  return (
    <>
      <p className="lw-gen-status" role="status">
        {step ? t('lw.kvcache.status.step', { t: fed, n, token }) : t('lw.kvcache.status.start')} {fed === n && t('lw.kvcache.status.done')}
      </p>
      <ol className="lw-gen-tokens" aria-label={t('lw.kvcache.tokensLabel')}>
        {demo.tokens.map((word, i) => {
          const state = i < fed - 1 ? 'done' : i === fed - 1 ? 'new' : 'later';
          return (
            <li key={i} className={`lw-gen-token lw-gen-token--${state}`} aria-current={state === 'new' ? 'step' : undefined}>
              {chipText(word)}
              <span className="lw-gen-sr"> ({t(state === 'done' ? 'lw.kvcache.tokenDone' : state === 'new' ? 'lw.kvcache.tokenNew' : 'lw.kvcache.tokenLater')})</span>
            </li>
          );
        })}
      </ol>
      {step && (
        <>
          <h4 className="lw-gen-title">{t('lw.kvcache.query.title')}</h4>
          <VectorTable caption={t('lw.kvcache.query.title')} labels={[token]} rows={{ rows: 1, cols: step.query.length, data: step.query }} newRow={0} hideCaption />
          <p className="lw-gen-note">{t('lw.kvcache.query.note')}</p>
          <div className="lw-gen-caches">
            <VectorTable caption={t('lw.kvcache.keys.caption', { t: fed, e: KV_DEMO.embedDim })} labels={demo.tokens.slice(0, fed)} rows={step.cache.keys} newRow={fed - 1} />
            <VectorTable caption={t('lw.kvcache.values.caption', { t: fed, e: KV_DEMO.embedDim })} labels={demo.tokens.slice(0, fed)} rows={step.cache.values} newRow={fed - 1} />
          </div>
          <h4 className="lw-gen-title">{t('lw.kvcache.weights.title', { token, t: fed })}</h4>
          <AttentionRowStrip labels={demo.tokens.slice(0, fed)} weights={step.heads[0].weights} label={t('lw.kvcache.weights.label', { token })} />
          <p className="lw-gen-note">{t('lw.kvcache.weights.note')}</p>
          <CostCounters fed={fed} />
        </>
      )}
      <p className="lw-gen-size" data-testid="kv-cache-size">
        {t('lw.kvcache.size', { t: fed, e: KV_DEMO.embedDim, n: kvCacheNumbers(fed, KV_DEMO.embedDim) })}
      </p>
    </>
  );
}

interface VectorTableProps {
  readonly caption: string;
  readonly labels: readonly string[];
  readonly rows: Matrix;
  /** The row added this step, marked. */
  readonly newRow: number;
  /** The caption is already shown as a heading above: keep it for screen readers only. */
  readonly hideCaption?: boolean;
}

/** Rows of numbers, one per token, in a box that scrolls on a narrow screen. */
function VectorTable({ caption, labels, rows, newRow, hideCaption = false }: VectorTableProps) {
  const t = useT();
  return (
    <div className="lw-gen-scroll" role="region" tabIndex={0} aria-label={caption}>
      <table className="lw-gen-table">
        <caption className={hideCaption ? 'lw-gen-sr' : undefined}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lw.kvcache.colToken')}</th>
            {Array.from({ length: rows.cols }, (_, c) => (
              <th key={c} scope="col">
                {c + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, r) => (
            <tr key={r} className={r === newRow ? 'is-new' : undefined}>
              <th scope="row">
                {chipText(label)}
                {r === newRow && <span className="lw-gen-tag"> {t('lw.kvcache.newRow')}</span>}
              </th>
              {Array.from(rows.data.subarray(r * rows.cols, (r + 1) * rows.cols), (v, c) => (
                <td key={c}>{formatSigned(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Multiply-adds this step and over all steps so far, with and without the cache. */
function CostCounters({ fed }: { readonly fed: number }) {
  const t = useT();
  const e = KV_DEMO.embedDim;
  const stepWith = cachedStepCost(fed, e).total;
  const stepWithout = fullRecomputeCost(fed, e).total;
  const totalWith = cumulativeCost(fed, e, cachedStepCost).total;
  const totalWithout = cumulativeCost(fed, e, fullRecomputeCost).total;
  const ratio = (stepWithout / stepWith).toFixed(1);
  return (
    <>
      <div className="lw-gen-scroll" role="region" tabIndex={0} aria-label={t('lw.kvcache.cost.caption')}>
        <table className="lw-gen-table lw-gen-cost">
          <caption>{t('lw.kvcache.cost.caption')}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{t('lw.kvcache.cost.colWith')}</th>
              <th scope="col">{t('lw.kvcache.cost.colWithout')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('lw.kvcache.cost.rowStep')}</th>
              <td data-testid="kv-step-with">{formatCount(stepWith)}</td>
              <td data-testid="kv-step-without">{formatCount(stepWithout)}</td>
            </tr>
            <tr>
              <th scope="row">{t('lw.kvcache.cost.rowTotal', { t: fed })}</th>
              <td data-testid="kv-total-with">{formatCount(totalWith)}</td>
              <td data-testid="kv-total-without">{formatCount(totalWithout)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="lw-gen-note">{t('lw.kvcache.cost.ratio', { ratio })}</p>
      <p className="lw-gen-note">{t('lw.kvcache.cost.formula', { e, t: fed })}</p>
    </>
  );
}
