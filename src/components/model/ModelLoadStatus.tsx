import { useStore } from 'zustand';
import { useT } from '../../i18n/translate';
import { gpt2Store } from '../../state/gpt2/gpt2Store';
import { ensureTrainedModel, lmModelStore } from '../../state/lmModelStore';
import { useLab } from '../../state/labStore';
import { useScopedModel } from '../../state/modelScope';

/**
 * For a GPT-2 checkpoint: that the untrained model stands in until one is open and has run. For the trained model:
 * its download, said in words while the untrained model stands in: progress, or why it failed and a
 * button to try again. Nothing once it is loaded, or when the view runs the untrained model anyway.
 */
export function ModelLoadStatus() {
  const t = useT();
  const chosen = useLab((s) => s.model);
  const model = useScopedModel(chosen);
  const state = useStore(lmModelStore);
  const gpt2 = useStore(gpt2Store);
  if (model === 'gpt2') {
    // The checkpoint's own progress and errors are in its panel (the model picker); here: why the untrained model shows.
    if (gpt2.status === 'ready') return null;
    return (
      <p className="notice model-status" role="status">
        {t(gpt2.status === 'none' || gpt2.status === 'error' ? 'gpt2.none' : 'gpt2.standIn')}
      </p>
    );
  }
  if (model !== 'trained' || state.status === 'ready' || state.status === 'idle') return null;
  if (state.status === 'loading') {
    const line =
      state.total !== null && state.total > 0
        ? t('model.loading', { percent: `${Math.min(100, Math.round((100 * state.received) / state.total))} %` })
        : t('model.loadingBytes', { mb: (state.received / 1e6).toFixed(1) });
    return (
      <p className="notice model-status" role="status">
        {line} {t('model.loadingNote')}
        {state.total !== null && state.total > 0 && <progress max={state.total} value={state.received} aria-label={line} />}
      </p>
    );
  }
  return (
    <p className="notice model-status model-status--error" role="alert">
      {t(`model.error.${state.reason}`, { detail: state.detail })}{' '}
      <button type="button" className="secondary" onClick={() => void ensureTrainedModel()}>
        {t('model.retry')}
      </button>
    </p>
  );
}
