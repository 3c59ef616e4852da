import { useT } from '../../i18n/translate';
import { MODEL_CHOICES, type ModelChoice } from '../../state/modelChoice';
import { useLabFields } from '../../state/useLabFields';
import { LabeledSelect } from '../controls/LabeledSelect';
import { Gpt2CheckpointPanel } from './Gpt2CheckpointPanel';
import './model.css';

/** Where the model card is: next to the model file. */
export const MODEL_CARD_HREF = `${import.meta.env.BASE_URL}models/lm/README.md`;
/** The untrained encoder's card: what its random weights, embeddings and positions are. */
export const UNTRAINED_CARD_HREF = `${import.meta.env.BASE_URL}models/untrained/README.md`;

/** The model choice: the trained language model, the untrained encoder for the mechanics, or a GPT-2 checkpoint. */
export function ModelPicker() {
  const t = useT();
  const { model, set } = useLabFields('model', 'set');
  return (
    <fieldset className="model-picker">
      <LabeledSelect
        label={t('model.label')}
        value={model}
        options={MODEL_CHOICES}
        optionLabel={(m) => t(`model.${m}`)}
        onChange={(value) => {
          if ((MODEL_CHOICES as readonly string[]).includes(value)) set({ model: value as ModelChoice });
        }}
      />
      <p className="hint">
        {t(`model.hint.${model}`)}{' '}
        {model !== 'gpt2' && (
          <a href={model === 'trained' ? MODEL_CARD_HREF : UNTRAINED_CARD_HREF} target="_blank" rel="noreferrer">
            {t('model.card')}
          </a>
        )}
      </p>
      {model === 'gpt2' && <Gpt2CheckpointPanel />}
    </fieldset>
  );
}
