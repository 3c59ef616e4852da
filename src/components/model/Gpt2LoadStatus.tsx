import { useStore } from 'zustand';
import { gpt2ErrorText } from './gpt2ErrorText';
import { percentRead } from './percentRead';
import { useT } from '../../i18n/translate';
import { canOpenCheckpoints } from '../../models/gpt2/gpt2Client';
import { gpt2Store } from '../../models/gpt2/gpt2Store';
import { useLab } from '../../state/labStore';
import { useScopedModel } from '../../state/modelScope';

/**
 * Above the views when GPT-2 is chosen and not yet running: why the untrained model is shown (no checkpoint open,
 * reading it with how far, or why it was refused). Nothing once it runs, or when the views run another model.
 */
export function Gpt2LoadStatus() {
  const t = useT();
  const model = useScopedModel(useLab((s) => s.model));
  const state = useStore(gpt2Store);
  if (model !== 'gpt2' || state.status === 'ready') return null;
  // A widget script on another site has no worker to run a checkpoint in: say so, not "choose its files".
  if (state.status === 'error' || (state.status === 'none' && !canOpenCheckpoints())) {
    return (
      <p className="notice model-status model-status--error" role="alert">
        {state.status === 'error' ? t('gpt2.error', { message: gpt2ErrorText(t, state) }) : t('gpt2.refused.noWorker')} {t('gpt2.standInAfterError')}
      </p>
    );
  }
  const percent = state.status === 'reading' && state.total ? ` ${percentRead(state.received, state.total)}` : '';
  return (
    <p className="notice model-status" role="status">
      {t(state.status === 'none' ? 'gpt2.none' : 'gpt2.standIn')}
      {percent}
    </p>
  );
}
