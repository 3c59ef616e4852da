import { useT } from '../../i18n/translate';
import { useLab, type MaskMode } from '../../state/labStore';
import { useScopedModel } from '../../state/modelScope';
import { isLanguageModel } from '../../state/modelChoice';

const MODES: readonly MaskMode[] = ['none', 'causal', 'padding', 'custom'];

/**
 * The mask applies to every head of every layer; the heatmaps re-normalise each row at once. For the trained model it
 * is an extra mask on top of the model's own causal mask (CausalSwitch), and says so: "None" there never means that
 * every query reads every key while the causal mask is on.
 */
export function MaskControls() {
  const t = useT();
  const maskMode = useLab((s) => s.maskMode);
  const causal = useLab((s) => s.causal);
  const trained = isLanguageModel(useScopedModel(useLab((s) => s.model)));
  const set = useLab((s) => s.set);
  const hint = trained && maskMode === 'none' ? t(causal ? 'mask.hint.none.causal' : 'mask.hint.none.open') : t(`mask.hint.${maskMode}`);
  return (
    <fieldset className="mask-controls">
      <legend>{t(trained ? 'mask.legend.extra' : 'mask.legend')}</legend>
      <div className="segmented">
        {MODES.map((mode) => (
          <label key={mode} className={mode === maskMode ? 'active' : undefined}>
            <input type="radio" name="mask-mode" value={mode} checked={mode === maskMode} onChange={() => set({ maskMode: mode })} />
            {t(`mask.${mode}`)}
          </label>
        ))}
      </div>
      <p className="hint">{hint}</p>
      {trained && maskMode === 'causal' && <p className="hint">{t('model.causalMaskMode')}</p>}
    </fieldset>
  );
}
