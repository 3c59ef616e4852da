import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { CausalLmModel } from '../../engine';
import type { Generation as GenerationResult } from '../../engine/decoding';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { percentRead } from '../../models/modelStatus';
import { useT } from '../../i18n/translate';
import { ensureTrainedModel, lmModelStore, type LmLoadState } from '../../models/trained/lmModelStore';
import { AttentionRowStrip } from './AttentionRowStrip';
import { chipText, formatPercent } from './generationFormat';
import { requestGeneration, seedFrom, TEMPERATURE_RANGE, TOKEN_RANGE, type GenerationOutcome, type GenerationSettings } from '../../models/trained/generation/generationRun';
import './generation.css';

export interface GenerationPanelProps {
  /** The prompt shown in the box and generated from. */
  readonly prompt: string;
  /** Edits of the prompt box; null makes the box read-only (an embed with its text locked). */
  readonly onPromptChange: ((prompt: string) => void) | null;
  /** New tokens to start with (clamped to 1–20; default 10). */
  readonly initialTokens?: number;
}

/**
 * Real text generation with the trained language model (loaded through lmModelStore, as the lab does): a prompt,
 * greedy or sampled at a temperature with a seed, 1–20 tokens, then a step-by-step reveal of the new tokens and, for
 * the step shown, the attention row of the newest position for a chosen layer and head. The lesson widget keeps the
 * prompt in its own state; an embed binds it to the embed's sentence.
 */
export function GenerationPanel({ prompt, onPromptChange, initialTokens = 10 }: GenerationPanelProps) {
  const t = useT();
  const ids = { prompt: useId(), temperature: useId(), seed: useId(), tokens: useId() };
  const state = useStore(lmModelStore);
  useEffect(() => {
    void ensureTrainedModel();
  }, []);
  const model = state.status === 'ready' ? state.trained.model : null;

  const [mode, setMode] = useState<GenerationSettings['mode']>('greedy');
  const [temperature, setTemperature] = useState(0.8);
  const [seedText, setSeedText] = useState('1');
  const [tokens, setTokens] = useState(() => clampTokens(initialTokens));
  const [outcome, setOutcome] = useState<GenerationOutcome | null>(null);
  const [runs, setRuns] = useState(0);

  const [generating, setGenerating] = useState(false);
  const show = (next: GenerationOutcome) => {
    setOutcome(next);
    setRuns((n) => n + 1);
  };
  // In the generation worker where the page has one (up to 20 passes, ~160 ms of CPU for a long prompt): the page
  // stays responsive and says it is generating; else (custom elements, a stopped worker) on the page at once.
  const onGenerate = (loaded: CausalLmModel) => {
    const settings: GenerationSettings = { prompt, mode, temperature, seed: seedFrom(seedText), tokens };
    const outcome = requestGeneration(loaded, state.status === 'ready' ? state.bytes : undefined, settings);
    if (!(outcome instanceof Promise)) {
      show(outcome);
      return;
    }
    setGenerating(true);
    void outcome.then(show).finally(() => setGenerating(false));
  };

  return (
    <div className="lw-gen lw-gen-generation">
      <p className="lw-gen-note">{t('lw.generation.intro')}</p>
      <LoadStatus state={state} />
      <div className="lw-gen-field">
        <label htmlFor={ids.prompt}>{t('lw.generation.promptLabel')}</label>
        <textarea id={ids.prompt} className="lw-gen-text" rows={2} value={prompt} readOnly={onPromptChange === null} onChange={(event) => onPromptChange?.(event.target.value)} />
      </div>
      <fieldset className="lw-gen-fieldset">
        <legend>{t('lw.generation.strategy')}</legend>
        <label className="lw-gen-choice">
          <input type="radio" name={`${ids.prompt}-mode`} checked={mode === 'greedy'} onChange={() => setMode('greedy')} />
          {t('lw.generation.greedy')}
        </label>
        <label className="lw-gen-choice">
          <input type="radio" name={`${ids.prompt}-mode`} checked={mode === 'sample'} onChange={() => setMode('sample')} />
          {t('lw.generation.sample')}
        </label>
        <div className="lw-gen-row">
          <label htmlFor={ids.temperature}>{t('lw.generation.temperature')}</label>
          <input
            id={ids.temperature}
            type="range"
            min={TEMPERATURE_RANGE.min}
            max={TEMPERATURE_RANGE.max}
            step={TEMPERATURE_RANGE.step}
            value={temperature}
            disabled={mode === 'greedy'}
            onChange={(event) => setTemperature(Number(event.target.value))}
          />
          <output htmlFor={ids.temperature}>{temperature.toFixed(1)}</output>
          <label htmlFor={ids.seed}>{t('lw.generation.seed')}</label>
          <input
            id={ids.seed}
            type="number"
            className="lw-gen-number"
            min={0}
            step={1}
            value={seedText}
            disabled={mode === 'greedy'}
            onChange={(event) => setSeedText(event.target.value)}
          />
        </div>
      </fieldset>
      <div className="lw-gen-row">
        <label htmlFor={ids.tokens}>{t('lw.generation.count')}</label>
        <input id={ids.tokens} type="range" min={TOKEN_RANGE.min} max={TOKEN_RANGE.max} step={1} value={tokens} onChange={(event) => setTokens(clampTokens(Number(event.target.value)))} />
        <output htmlFor={ids.tokens}>{tokens}</output>
      </div>
      <div className="lw-gen-buttons">
        <button type="button" disabled={model === null || generating} onClick={() => model && onGenerate(model)}>
          {t('lw.generation.generate')}
        </button>
      </div>
      {generating && (
        <p className="lw-gen-note" role="status">
          {t('lw.generation.running')}
        </p>
      )}
      {model === null && state.status !== 'error' && <p className="lw-gen-note">{t('lw.generation.waiting')}</p>}
      {outcome && <OutcomeView key={runs} outcome={outcome} model={model} />}
    </div>
  );
}

function clampTokens(n: number): number {
  return Number.isFinite(n) ? Math.min(TOKEN_RANGE.max, Math.max(TOKEN_RANGE.min, Math.round(n))) : TOKEN_RANGE.min;
}

/** The download: progress while it runs, why it failed and a retry button; nothing when idle or loaded. */
function LoadStatus({ state }: { readonly state: LmLoadState }) {
  const t = useT();
  if (state.status === 'loading') {
    const line =
      state.total !== null && state.total > 0
        ? t('lw.generation.loading', { percent: percentRead(state.received, state.total) })
        : t('lw.generation.loadingBytes', { mb: (state.received / 1e6).toFixed(1) });
    return (
      <p className="lw-gen-note" role="status">
        {line}
        {state.total !== null && state.total > 0 && <progress max={state.total} value={state.received} aria-label={line} />}
      </p>
    );
  }
  if (state.status !== 'error') return null;
  return (
    <p className="lw-gen-error" role="alert">
      {t(`lw.generation.error.${state.reason}`, { detail: state.detail })}{' '}
      <button type="button" className="secondary" onClick={() => void ensureTrainedModel()}>
        {t('lw.generation.retry')}
      </button>
    </p>
  );
}

function OutcomeView({ outcome, model }: { readonly outcome: GenerationOutcome; readonly model: CausalLmModel | null }) {
  const t = useT();
  switch (outcome.kind) {
    case 'empty':
      return (
        <p className="lw-gen-error" role="alert">
          {t('lw.generation.empty')}
        </p>
      );
    case 'too-long':
      return (
        <p className="lw-gen-error" role="alert">
          {t('lw.generation.tooLong', { c: outcome.contextLength })}
        </p>
      );
    case 'failed':
      return (
        <p className="lw-gen-error" role="alert">
          {t('lw.generation.failed', { message: engineErrorMessage(t, outcome.error) })}
        </p>
      );
    case 'done':
      return <GenerationView generation={outcome.generation} settings={outcome.settings} decode={(ids) => model?.tokenizer?.decode(ids) ?? ''} />;
  }
}

interface GenerationViewProps {
  readonly generation: GenerationResult;
  readonly settings: GenerationSettings;
  readonly decode: (ids: readonly number[]) => string;
}

/** The prompt and the new tokens up to the step shown (the newest marked), and that step's attention row. */
function GenerationView({ generation, settings, decode }: GenerationViewProps) {
  const t = useT();
  const layerId = useId();
  const headId = useId();
  const { steps } = generation;
  const [shown, setShown] = useState(0);
  const [layer, setLayer] = useState(0);
  const [head, setHead] = useState(0);
  const n = steps.length;
  const step = steps[Math.min(shown, n - 1)] as GenerationResult['steps'][number] | undefined;
  if (!step) {
    return (
      <p className="lw-gen-status" role="status">
        {t(`lw.generation.stop.${generation.stopReason}`, { n, c: generation.contextLength })}
      </p>
    );
  }
  const numLayers = step.attention.length;
  const numHeads = step.attention[0]?.length ?? 0;
  const l = Math.min(layer, numLayers - 1);
  const h = Math.min(head, numHeads - 1);
  const query = generation.labels[step.position];
  const stop = t(`lw.generation.stop.${generation.stopReason}`, { n, c: generation.contextLength });

  return (
    <div className="lw-gen-result">
      <p className="lw-gen-status" role="status" data-testid="generation-stop">
        {stop}
      </p>
      <div className="lw-gen-sequence" role="region" aria-label={t('lw.generation.resultLabel')}>
        <span className="lw-gen-prompt">{settings.prompt}</span>
        {steps.slice(0, shown + 1).map((s, i) => (
          <button
            key={i}
            type="button"
            className={i === shown ? 'lw-gen-chip lw-gen-chip--newest' : 'lw-gen-chip'}
            aria-pressed={i === shown}
            aria-label={t('lw.generation.chip', { s: i + 1, token: chipText(s.label) })}
            onClick={() => setShown(i)}
          >
            {chipText(s.label)}
          </button>
        ))}
      </div>
      <p className="lw-gen-note lw-gen-plain">
        {t('lw.generation.asText')} <q>{settings.prompt + decode(steps.slice(0, shown + 1).map((s) => s.id))}</q>
      </p>
      <div className="lw-gen-buttons">
        <button type="button" className="secondary" disabled={shown === 0} onClick={() => setShown(shown - 1)}>
          {t('lw.generation.previous')}
        </button>
        <button type="button" className="secondary" disabled={shown >= n - 1} onClick={() => setShown(shown + 1)}>
          {t('lw.generation.next')}
        </button>
        <button type="button" className="secondary" disabled={shown >= n - 1} onClick={() => setShown(n - 1)}>
          {t('lw.generation.all')}
        </button>
      </div>
      <p className="lw-gen-note" data-testid="generation-step">
        {t('lw.generation.stepStatus', { s: shown + 1, n, token: chipText(step.label), p: formatPercent(step.probability) })}
        {step.sampledProbability !== null && <> {t('lw.generation.sampled', { temperature: settings.temperature.toFixed(1), q: formatPercent(step.sampledProbability) })}</>}
      </p>
      <div className="lw-gen-row">
        <label htmlFor={layerId}>{t('lw.generation.layer')}</label>
        <select id={layerId} value={l} onChange={(event) => setLayer(Number(event.target.value))}>
          {Array.from({ length: numLayers }, (_, i) => (
            <option key={i} value={i}>
              {t('lw.generation.option.layer', { n: i + 1 })}
            </option>
          ))}
        </select>
        <label htmlFor={headId}>{t('lw.generation.head')}</label>
        <select id={headId} value={h} onChange={(event) => setHead(Number(event.target.value))}>
          {Array.from({ length: numHeads }, (_, i) => (
            <option key={i} value={i}>
              {t('lw.generation.option.head', { n: i + 1 })}
            </option>
          ))}
        </select>
      </div>
      <h4 className="lw-gen-title">{t('lw.generation.attention.title', { token: chipText(step.label), query: chipText(query), layer: l + 1, head: h + 1 })}</h4>
      <AttentionRowStrip labels={generation.labels.slice(0, step.position + 1)} weights={step.attention[l][h]} label={t('lw.generation.attention.label', { query: chipText(query) })} />
      <p className="lw-gen-note">{t('lw.generation.attention.note')}</p>
    </div>
  );
}
