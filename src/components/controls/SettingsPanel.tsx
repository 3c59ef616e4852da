import { dividingHeadCounts, nearestDividingHeads } from '../../engine';
import { isMessageKey, useT } from '../../i18n/translate';
import { kindOf } from '../../state/modelChoice';
import { useScopedModel } from '../../state/modelScope';
import { useModelKindShape } from '../../run/useModelKind';
import { useLabFields } from '../../state/useLabFields';
import { URL_LIMITS } from '../../state/url/urlState';
import { LabeledSelect } from './LabeledSelect';

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
  const { embedDim, numHeads, numLayers, seed, positionalEncoding, set, reset, model } = useLabFields('embedDim', 'numHeads', 'numLayers', 'seed', 'positionalEncoding', 'set', 'reset', 'model');
  const kind = kindOf(useScopedModel(model));
  const shape = useModelKindShape(kind);
  const { fixedShape, noShapeYet } = kind.traits.messages;
  return (
    <fieldset className="settings">
      <legend>{t('settings.legend')}</legend>
      {fixedShape !== null ? (
        <p className="hint">
          {shape
            ? isMessageKey(fixedShape) && t(fixedShape, { width: shape.embedDim, heads: shape.numHeads, layers: shape.numLayers })
            : noShapeYet !== null && isMessageKey(noShapeYet) && t(noShapeYet)}
        </p>
      ) : (
      <>
      <LabeledSelect
        label={t('settings.width')}
        value={embedDim}
        options={WIDTHS.includes(embedDim) ? WIDTHS : [...WIDTHS, embedDim].sort((a, b) => a - b)}
        onChange={(value) => {
          const width = Number(value);
          set({ embedDim: width, numHeads: headsForWidth(width, numHeads), disabledHeads: [], selectedHead: 0 });
        }}
      />
      <LabeledSelect
        label={t('settings.heads')}
        value={numHeads}
        options={headChoices(embedDim)}
        optionLabel={(h) => t('settings.headOption', { heads: h, dk: embedDim / h })}
        onChange={(value) => set({ numHeads: Number(value), disabledHeads: [], selectedHead: 0 })}
      />
      <LabeledSelect
        label={t('settings.layers')}
        value={numLayers}
        options={LAYER_CHOICES}
        onChange={(value) => set({ numLayers: Number(value), selectedLayer: 0, disabledHeads: [] })}
      />
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
      </>
      )}
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
