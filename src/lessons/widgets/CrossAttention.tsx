import { useId, useState } from 'react';
import { AttentionHeatmap } from '../../components/heatmap';
import { ExperimentStatus } from '../../components/walkthrough/Experiments';
import { useT } from '../../i18n/translate';
import { CROSS_MAX_TOKENS, latestValue, useExperiment, type CrossModelSettings } from '../../run/experiments';
import { useLab } from '../../state/labStore';
import { useLabFields } from '../../state/useLabFields';
import type { WidgetProps } from '../types';
import { DEFAULT_SOURCE, DEFAULT_TARGET } from './CrossAttentionModel';
import './scoring.css';

const MAP_SIZE = 240;
const MAX_CHARS = 400;

/**
 * Attention between two sequences: queries from the target sentence, keys and values from the source, so the
 * weights are target rows × source columns; a toggle adds the target's own self-attention (target × target) from
 * the same head. Both sentences are local state; the model (width, heads, seed, positional encoding) is the lab's
 * layer 1, read from the lab store. No config.
 */
export function CrossAttention(_props: WidgetProps) {
  const t = useT();
  const uid = useId();
  const settings: CrossModelSettings = useLabFields('embedDim', 'numHeads', 'numLayers', 'seed', 'positionalEncoding');
  const labHead = useLab((s) => s.selectedHead);
  const [source, setSource] = useState(DEFAULT_SOURCE);
  const [target, setTarget] = useState(DEFAULT_TARGET);
  const [head, setHead] = useState(() => (typeof labHead === 'number' ? labHead : 0));
  const [showSelf, setShowSelf] = useState(false);

  const numHeads = Math.max(1, settings.numHeads);
  const headIndex = Math.min(Math.max(0, head), numHeads - 1);
  // Two attentions of the lab's layer 1 (src/run/experiments): after the first paint; typing keeps the last maps, marked busy.
  const state = useExperiment('cross-attention', { source, target, settings, head: headIndex });
  const result = latestValue(state);

  const inputs = (
    <div className="lw-scoring-cross__inputs">
      <div className="lw-scoring-field">
        <label htmlFor={`${uid}-source`}>{t('lw.scoring.cross.source')}</label>
        <input id={`${uid}-source`} type="text" value={source} maxLength={MAX_CHARS} spellCheck={false} onChange={(e) => setSource(e.target.value)} />
      </div>
      <div className="lw-scoring-field">
        <label htmlFor={`${uid}-target`}>{t('lw.scoring.cross.target')}</label>
        <input id={`${uid}-target`} type="text" value={target} maxLength={MAX_CHARS} spellCheck={false} onChange={(e) => setTarget(e.target.value)} />
      </div>
      <button
        type="button"
        className="lw-scoring-button"
        onClick={() => {
          setSource(DEFAULT_SOURCE);
          setTarget(DEFAULT_TARGET);
        }}
      >
        {t('lw.scoring.cross.reset')}
      </button>
    </div>
  );

  if (!result) {
    return (
      <div className="lw-scoring-cross">
        {inputs}
        <ExperimentStatus state={state} className="lw-scoring-message" />
      </div>
    );
  }
  if (!result.ok) {
    return (
      <div className="lw-scoring-cross">
        {inputs}
        <p className="lw-scoring-message" role="status" data-testid="cross-empty">
          {t(result.reason === 'empty-source' ? 'lw.scoring.cross.emptySource' : 'lw.scoring.cross.emptyTarget')}
        </p>
      </div>
    );
  }

  const T = result.targetTokens.length;
  const S = result.sourceTokens.length;
  return (
    <div className="lw-scoring-cross" aria-busy={state.status === 'pending'}>
      {inputs}
      {result.truncated && <p className="lw-scoring-note">{t('lw.scoring.cross.truncated', { n: CROSS_MAX_TOKENS })}</p>}
      <div className="lw-scoring-row">
        <label htmlFor={`${uid}-head`}>{t('lw.scoring.head')}</label>
        <select id={`${uid}-head`} value={headIndex} onChange={(e) => setHead(Number(e.target.value))}>
          {Array.from({ length: numHeads }, (_, h) => (
            <option key={h} value={h}>
              {t('lw.scoring.headOption', { n: h + 1, total: numHeads })}
            </option>
          ))}
        </select>
        <button type="button" className="lw-scoring-button" aria-pressed={showSelf} onClick={() => setShowSelf((v) => !v)}>
          {t('lw.scoring.cross.selfToggle')}
        </button>
      </div>
      <p className="lw-scoring-note">{t('lw.scoring.cross.setup', { head: headIndex + 1, e: settings.embedDim, seed: settings.seed })}</p>
      <div className="lw-scoring-cross__maps">
        <div className="lw-scoring-scroll" data-map="cross">
          <p className="lw-scoring-note" data-testid="cross-shape">
            {t('lw.scoring.cross.shape', { rows: T, cols: S, dv: result.cross.valueWidth })}
          </p>
          <AttentionHeatmap matrix={result.cross.weights} queryTokens={result.targetTokens} keyTokens={result.sourceTokens} title={t('lw.scoring.cross.title')} size={MAP_SIZE} />
        </div>
        {showSelf && (
          <div className="lw-scoring-scroll" data-map="self">
            <p className="lw-scoring-note" data-testid="self-shape">
              {t('lw.scoring.cross.selfShape', { rows: T })}
            </p>
            <AttentionHeatmap matrix={result.self.weights} queryTokens={result.targetTokens} title={t('lw.scoring.cross.selfTitle')} size={MAP_SIZE} />
          </div>
        )}
      </div>
      <p className="lw-scoring-caution">{t('lw.scoring.cross.random')}</p>
    </div>
  );
}
