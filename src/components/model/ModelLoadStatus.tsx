import { useStore } from 'zustand';
import { percentRead } from './percentRead';
import { useT } from '../../i18n/translate';
import { Gpt2LoadStatus } from './Gpt2LoadStatus';
import { ensureTrainedModel, lmModelStore } from '../../models/trained/lmModelStore';
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
  // GPT-2's own line: why the untrained model stands in while a checkpoint is chosen, read or refused.
  if (model === 'gpt2') return <Gpt2LoadStatus />;
  if (model !== 'trained' || state.status === 'ready' || state.status === 'idle') return null;
  if (state.status === 'loading') {
    const line =
      state.total !== null && state.total > 0
        ? t('model.loading', { percent: percentRead(state.received, state.total) })
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
