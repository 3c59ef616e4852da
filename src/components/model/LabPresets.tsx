import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { exampleSettings, TRAINED_EXAMPLE_IDS, TRAINED_EXAMPLES } from './labPresets';
import './presets.css';

/**
 * Three sentences that show the trained model at work (a repeated English phrase, a repeated Chinese name, a word
 * that decides the next): each button chooses the trained model and sets the sentence with every head on, no extra
 * mask, the model's causal mask and the predictions at the last token, and says what to try.
 */
export function LabPresets() {
  const t = useT();
  const set = useLab((s) => s.set);
  return (
    <fieldset className="lab-presets">
      <legend>{t('presets.legend')}</legend>
      <p className="hint">{t('presets.intro')}</p>
      <ul className="lab-presets__list">
        {TRAINED_EXAMPLE_IDS.map((id) => (
          <li key={id} className="lab-presets__item">
            <button type="button" className="secondary" onClick={() => set({ ...exampleSettings(TRAINED_EXAMPLES[id]), model: 'trained' })}>
              {t(`presets.${id}.label`)}
            </button>
            <p className="hint">{t(`presets.${id}.hint`)}</p>
          </li>
        ))}
      </ul>
      <p className="hint">{t('presets.caveat')}</p>
    </fieldset>
  );
}
