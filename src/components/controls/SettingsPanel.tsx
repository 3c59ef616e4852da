import { useShallow } from 'zustand/react/shallow';
import { dividingHeadCounts, nearestDividingHeads } from '../../engine';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { URL_LIMITS } from '../../state/urlState';

export const WIDTHS = [8, 12, 16, 24, 32, 48, 64, 96, 128];
// The controls offer exactly what a shared link can carry (one set of limits for both).
export const LAYER_CHOICES = Array.from({ length: URL_LIMITS.maxLayers }, (_, i) => i + 1);
const MAX_SEED = URL_LIMITS.maxSeed;

/** Only head counts that split the width into equal whole parts are offered. */
export function headChoices(width: number): number[] {
  return dividingHeadCounts(width, URL_LIMITS.maxHeads);
}

/** The head count kept when the width changes: the same when it still divides, else the nearest that does. */
export function headsForWidth(width: number, heads: number): number {
  return nearestDividingHeads(width, heads, URL_LIMITS.maxHeads);
}

export interface SettingsPanelProps {
  /** What Reset does (default: the lab's defaults). An embed resets to the view its link started with. */
  readonly onReset?: () => void;
}

export function SettingsPanel({ onReset }: SettingsPanelProps = {}) {
  const t = useT();
  const { embedDim, numHeads, numLayers, seed, positionalEncoding, set, reset } = useLab(
    useShallow((s) => ({
      embedDim: s.embedDim,
      numHeads: s.numHeads,
      numLayers: s.numLayers,
      seed: s.seed,
      positionalEncoding: s.positionalEncoding,
      set: s.set,
      reset: s.reset,
    })),
  );
  return (
    <fieldset className="settings">
      <legend>{t('settings.legend')}</legend>
      <label>
        {t('settings.width')}
        <select
          value={embedDim}
          onChange={(e) => {
            const width = Number(e.target.value);
            set({ embedDim: width, numHeads: headsForWidth(width, numHeads), disabledHeads: [], selectedHead: 0 });
          }}
        >
          {(WIDTHS.includes(embedDim) ? WIDTHS : [...WIDTHS, embedDim].sort((a, b) => a - b)).map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('settings.heads')}
        <select value={numHeads} onChange={(e) => set({ numHeads: Number(e.target.value), disabledHeads: [], selectedHead: 0 })}>
          {headChoices(embedDim).map((h) => (
            <option key={h} value={h}>
              {t('settings.headOption', { heads: h, dk: embedDim / h })}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('settings.layers')}
        <select value={numLayers} onChange={(e) => set({ numLayers: Number(e.target.value), selectedLayer: 0, disabledHeads: [] })}>
          {LAYER_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('settings.seed')}
        <input
          type="number"
          min={0}
          max={MAX_SEED}
          step={1}
          value={seed}
          onChange={(e) => set({ seed: Math.min(MAX_SEED, Math.max(0, Math.floor(Number(e.target.value) || 0))) })}
        />
      </label>
      <label className="check">
        <input type="checkbox" checked={positionalEncoding} onChange={(e) => set({ positionalEncoding: e.target.checked })} />
        {t('settings.positional')}
      </label>
      <button type="button" className="secondary" onClick={onReset ?? reset}>
        {t('settings.reset')}
      </button>
    </fieldset>
  );
}
