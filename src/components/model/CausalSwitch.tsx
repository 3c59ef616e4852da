import { useT } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';

/** The trained model's own causal mask, on or off; the hint says why off breaks its predictions. */
export function CausalSwitch() {
  const t = useT();
  const { causal, set } = useLabFields('causal', 'set');
  return (
    <div className="causal-switch">
      <label className="check">
        <input type="checkbox" checked={causal} onChange={(e) => set({ causal: e.target.checked })} />
        {t('model.causal')}
      </label>
      <p className={causal ? 'hint' : 'hint hint--warning'}>{t(causal ? 'model.causal.hint.on' : 'model.causal.hint.off')}</p>
    </div>
  );
}
