import { useStore } from 'zustand';
import { useT } from '../../i18n/translate';
import { ensureTrainedModel, lmModelStore, modelUrl } from '../../models/trained/lmModelStore';
import { useLab } from '../../state/labStore';
import { useScopedModel } from '../../state/modelScope';
import { modelFailureText } from './modelFailure';
import './elementModelStatus.css';

/**
 * Inside a custom element that runs the trained model: why its file could not be used (refused by CORS, not found,
 * damaged …), in the element's language, with a button to try again, while the untrained model stands in. On
 * another site's page the console is the instructor's only other clue, and students never see it. Nothing while
 * the file loads or once it is there (the lab's ModelLoadStatus shows progress; an element stays quiet).
 */
export function ElementModelStatus() {
  const t = useT();
  const wantsTrained = useScopedModel(useLab((s) => s.model)) === 'trained';
  const state = useStore(lmModelStore);
  if (!wantsTrained || state.status !== 'error') return null;
  return (
    <p className="notice model-status model-status--error el-model-failure" role="alert">
      {modelFailureText(t, state, modelUrl())}{' '}
      <button type="button" className="secondary" onClick={() => void ensureTrainedModel()}>
        {t('model.retry')}
      </button>
    </p>
  );
}
