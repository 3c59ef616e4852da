import { kindMessage, useT } from '../../i18n/translate';
import { isModelChoice, kindOf, modelChoices } from '../../state/modelChoice';
import { useLabFields } from '../../state/useLabFields';
import { LabeledSelect } from '../controls/LabeledSelect';
import { Gpt2CheckpointPanel } from './Gpt2CheckpointPanel';
import './model.css';

/** An app path (a model's card, next to its file) under the app's own folder. */
export const appHref = (path: string): string => `${import.meta.env.BASE_URL}${path}`;

/** Where the trained model's card is: next to the model file. */
export const MODEL_CARD_HREF = appHref(kindOf('trained').traits.cardHref ?? '');
/** The untrained encoder's card: what its random weights, embeddings and positions are. */
export const UNTRAINED_CARD_HREF = appHref(kindOf('untrained').traits.cardHref ?? '');

/** The model choice: one of the registered model kinds (src/models/registry.ts), with its hint and card. */
export function ModelPicker() {
  const t = useT();
  const { model, set } = useLabFields('model', 'set');
  const { traits } = kindOf(model);
  return (
    <fieldset className="model-picker">
      <LabeledSelect
        label={t('model.label')}
        value={model}
        options={modelChoices()}
        optionLabel={(m) => kindMessage(t, `model.${kindOf(m).traits.labelKey}`)}
        onChange={(value) => {
          if (isModelChoice(value)) set({ model: value });
        }}
      />
      <p className="hint">
        {kindMessage(t, `model.hint.${traits.labelKey}`)}{' '}
        {traits.cardHref !== null && (
          <a href={appHref(traits.cardHref)} target="_blank" rel="noreferrer">
            {t('model.card')}
          </a>
        )}
      </p>
      {/* A model whose shape comes with the files the student opens: where to open them. */}
      {traits.openedShape !== null && <Gpt2CheckpointPanel />}
    </fieldset>
  );
}
