import { useId } from 'react';
import { HeadSwitchList } from '../components/headswitches';
import { HeadSwatch } from '../components/headview/HeadToggles';
import { useT } from '../i18n/translate';
import type { HeadChoice } from '../state/labStore';
import { useModelShape } from '../run/useLabComputation';
import { useLabFields } from '../state/useLabFields';

export interface HeadControlsProps {
  /** Offer the head select (widgets that show one head). */
  readonly head: boolean;
  /** Offer one on/off checkbox per head of the selected layer (widgets that show ablation). */
  readonly toggles: boolean;
  /** Show each head's line colour by its toggle (the head view's key, when its own toggles are hidden). */
  readonly swatches?: boolean;
}

const AVERAGE = 'avg';

/** A compact layer / head selection for the embed, plus head on/off toggles: native selects and checkboxes. */
export function HeadControls({ head, toggles, swatches = false }: HeadControlsProps) {
  const t = useT();
  const id = useId();
  const { numLayers, numHeads } = useModelShape();
  const { selectedLayer, selectedHead, disabledHeads, set, toggleHead } = useLabFields('selectedLayer', 'selectedHead', 'disabledHeads', 'set', 'toggleHead');
  // The selects show what the widgets show: the selection clamped into the model.
  const layer = Math.max(0, Math.min(selectedLayer, numLayers - 1));
  const shownHead: HeadChoice = selectedHead === 'average' ? 'average' : Math.max(0, Math.min(selectedHead, numHeads - 1));
  const layers = Array.from({ length: numLayers }, (_, i) => i);
  const heads = Array.from({ length: numHeads }, (_, i) => i);
  return (
    <fieldset className="ev-heads">
      <legend>{t('embed.heads.legend')}</legend>
      <div className="ev-heads__selects">
        <label htmlFor={`${id}-layer`}>{t('embed.heads.layer')}</label>
        <select id={`${id}-layer`} value={layer} onChange={(e) => set({ selectedLayer: Number(e.target.value) })}>
          {layers.map((l) => (
            <option key={l} value={l}>
              {t('embed.heads.layerOption', { n: l + 1 })}
            </option>
          ))}
        </select>
        {head && (
          <>
            <label htmlFor={`${id}-head`}>{t('embed.heads.head')}</label>
            <select
              id={`${id}-head`}
              value={shownHead === 'average' ? AVERAGE : shownHead}
              onChange={(e) => set({ selectedHead: e.target.value === AVERAGE ? 'average' : Number(e.target.value) })}
            >
              {heads.map((h) => (
                <option key={h} value={h}>
                  {t('embed.heads.headOption', { n: h + 1 })}
                </option>
              ))}
              <option value={AVERAGE}>{t('embed.heads.average')}</option>
            </select>
          </>
        )}
      </div>
      {toggles && (
        <HeadSwitchList
          className="ev-heads__toggles"
          legend={t('embed.heads.toggles', { layer: layer + 1 })}
          layers={[layer]}
          heads={numHeads}
          off={disabledHeads}
          onToggle={(l, h) => toggleHead(l, h)}
          itemClassName={() => 'ev-heads__toggle'}
          label={(_, h) => (
            <>
              {swatches && <HeadSwatch head={h} />}
              {t('embed.heads.toggle', { n: h + 1 })}
            </>
          )}
        />
      )}
    </fieldset>
  );
}
