import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';

/**
 * One checkbox per head: unticking one is real ablation in the model being trained — its output is replaced by
 * zeros before W_O in every forward from then on (training too), and the held-out figures are computed again.
 */
export function HeadSwitches({ layers, heads }: { readonly layers: number; readonly heads: number }) {
  const t = useT();
  const headsOff = usePlayground((s) => s.headsOff);
  const setHeadOff = usePlayground((s) => s.setHeadOff);
  const busy = usePlayground((s) => s.status === 'building' || s.status === 'loading');
  const offCount = headsOff?.flat().filter(Boolean).length ?? 0;
  return (
    <fieldset className="head-switches">
      <legend>{t('pg.heads.legend')}</legend>
      {Array.from({ length: layers }, (_, l) => (
        <div key={l} className="head-switches__layer">
          {Array.from({ length: heads }, (_, h) => (
            <label key={h}>
              <input
                type="checkbox"
                checked={!(headsOff?.[l]?.[h] ?? false)}
                disabled={busy}
                onChange={(e) => setHeadOff(l, h, !e.target.checked)}
              />
              {t('pg.heads.name', { layer: l + 1, head: h + 1 })}
            </label>
          ))}
        </div>
      ))}
      <p className="hint">{offCount === 0 ? t('pg.heads.hint') : t('pg.heads.off', { n: offCount })}</p>
    </fieldset>
  );
}
