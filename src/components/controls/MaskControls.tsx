import { useT } from '../../i18n/translate';
import { useLab, type MaskMode } from '../../state/labStore';
import { useScopedModel } from '../../state/modelScope';

const MODES: readonly MaskMode[] = ['none', 'causal', 'padding', 'custom'];

/** The mask applies to every head of every layer; the heatmaps re-normalise each row at once. */
export function MaskControls() {
  const t = useT();
  const maskMode = useLab((s) => s.maskMode);
  const trained = useScopedModel(useLab((s) => s.model)) === 'trained';
  const set = useLab((s) => s.set);
  return (
    <fieldset className="mask-controls">
      <legend>{t('mask.legend')}</legend>
      <div className="segmented">
        {MODES.map((mode) => (
          <label key={mode} className={mode === maskMode ? 'active' : undefined}>
            <input type="radio" name="mask-mode" value={mode} checked={mode === maskMode} onChange={() => set({ maskMode: mode })} />
            {t(`mask.${mode}`)}
          </label>
        ))}
      </div>
      <p className="hint">{t(`mask.hint.${maskMode}`)}</p>
      {trained && maskMode === 'causal' && <p className="hint">{t('model.causalMaskMode')}</p>}
    </fieldset>
  );
}
