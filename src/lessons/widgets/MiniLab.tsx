import { useId } from 'react';
import { SentenceInput } from '../../components/controls/SentenceInput';
import { SettingsPanel } from '../../components/controls/SettingsPanel';
import { SelectedHeadPanel } from '../../components/selectedhead';
import { useT } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';
import type { WidgetProps } from '../types';
import './model.css';

/**
 * A compact lab: the sentence, a layer and head selector and the selected head's heatmap, all on the shared lab
 * store. Config: showSettings (boolean, default false) adds the width / heads / layers / seed / PE controls.
 */
export function MiniLab({ config }: WidgetProps) {
  const t = useT();
  const showSettings = config?.showSettings === true;
  const { numLayers, numHeads, selectedLayer, selectedHead, set } = useLabFields('numLayers', 'numHeads', 'selectedLayer', 'selectedHead', 'set');
  const layerId = useId();
  const headId = useId();
  // The store may hold a layer or head past a smaller model (the panel clamps the same way).
  const layer = Math.min(Math.max(0, selectedLayer), numLayers - 1);
  const head = selectedHead === 'average' ? 'average' : String(Math.min(Math.max(0, selectedHead), numHeads - 1));
  return (
    <div className="lw-model-mini">
      <SentenceInput />
      {showSettings && <SettingsPanel />}
      <div className="lw-model-row">
        <label className="lw-model-field" htmlFor={layerId}>
          {t('lw.model.mini.layer')}
        </label>
        <select id={layerId} value={layer} onChange={(e) => set({ selectedLayer: Number(e.target.value) })}>
          {Array.from({ length: numLayers }, (_, i) => (
            <option key={i} value={i}>
              {i + 1}
            </option>
          ))}
        </select>
        <label className="lw-model-field" htmlFor={headId}>
          {t('lw.model.mini.head')}
        </label>
        <select id={headId} value={head} onChange={(e) => set({ selectedHead: e.target.value === 'average' ? 'average' : Number(e.target.value) })}>
          {Array.from({ length: numHeads }, (_, i) => (
            <option key={i} value={i}>
              {i + 1}
            </option>
          ))}
          <option value="average">{t('lw.model.mini.average')}</option>
        </select>
      </div>
      <SelectedHeadPanel size={300} />
    </div>
  );
}
