import { useT } from '../../i18n/translate';
import { MODEL_CHOICES, type ModelChoice } from '../../state/modelChoice';
import { useLabFields } from '../../state/useLabFields';
import { LabeledSelect } from '../controls/LabeledSelect';
import './model.css';

/** Where the model card is: next to the model file. */
export const MODEL_CARD_HREF = `${import.meta.env.BASE_URL}models/lm/README.md`;
/** The untrained encoder's card: what its random weights, embeddings and positions are. */
export const UNTRAINED_CARD_HREF = `${import.meta.env.BASE_URL}models/untrained/README.md`;

/** The model choice: the trained language model, or the untrained encoder for the mechanics. */
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
        <a href={model === 'trained' ? MODEL_CARD_HREF : UNTRAINED_CARD_HREF} target="_blank" rel="noreferrer">
          {t('model.card')}
        </a>
      </p>
    </fieldset>
  );
}
