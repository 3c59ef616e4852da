import { useMemo, useRef, useState } from 'react';
import { buildMask, type Matrix } from '../../engine';
import { ExportMenu } from '../../components/export/ExportMenu';
import { AttentionHeatmap, HeatmapThumbnail } from '../../components/heatmap';
import { useT } from '../../i18n/translate';
import { useElementWidth } from '../../shared/useElementWidth';
import { usePlayground } from '../playgroundStore';
import { formatSampleInput } from '../playgroundUrl';
import { HeadSwitches } from './HeadSwitches';
import { SampleInputForm } from './SampleInputForm';
import { SampleTokens } from './SampleTokens';

interface HeadRef {
  readonly layer: number;
  readonly head: number;
}

/** Room the heatmap's labels and legend take beside its cells. */
const HEATMAP_CHROME = 70;

/**
 * The attention maps of held-out sequence 0, redrawn whenever the worker sends a fresh sample: one head large
 * (the heatmap with tooltip, keyboard navigation and table view), every head as a thumbnail to pick from.
 */
export function SampleAttention() {
  const t = useT();
  const sample = usePlayground((s) => s.sample);
  const config = usePlayground((s) => s.config);
  const step = usePlayground((s) => s.step);
  const sampleInput = usePlayground((s) => s.sampleInput);
  const headsOff = usePlayground((s) => s.headsOff);
  const frame = useRef<HTMLElement>(null);
  const frameWidth = useElementWidth(frame);
  const [picked, setPicked] = useState<HeadRef>({ layer: 0, head: 0 });

  const length = sample?.inputs.length ?? 0;
  const tokens = useMemo(() => (sample ? sample.inputs.map(String) : []), [sample]);
  const mask = useMemo(() => (config?.causal && length > 0 ? buildMask(length, length, { causal: true }) : null), [config?.causal, length]);
  const maps = useMemo<Matrix[][]>(
    () => (sample ? sample.attention.map((layer) => layer.map((data) => ({ rows: length, cols: length, data }))) : []),
    [sample, length],
  );

  if (!sample || !config || maps.length === 0) {
    return (
      <section className="lab-section playground-sample" ref={frame}>
        <h3>{t('pg.sample.title')}</h3>
        <p className="hint">{t('pg.sample.none')}</p>
      </section>
    );
  }
  // After a change of architecture the picked head may no longer exist.
  const layer = Math.min(picked.layer, maps.length - 1);
  const head = Math.min(picked.head, (maps[layer]?.length ?? 1) - 1);
  const matrix = maps[layer]?.[head];
  const size = Math.max(160, Math.min(360, (frameWidth ?? 420) - HEATMAP_CHROME));
  const many = maps.length * (maps[0]?.length ?? 0) > 1;
  const mapTitle = `${t('pg.sample.map', { layer: layer + 1, head: head + 1, step })}${headsOff?.[layer]?.[head] ? t('pg.heads.offSuffix') : ''}`;

  return (
    <section className="lab-section playground-sample" ref={frame} aria-labelledby="playground-sample-title">
      <h3 id="playground-sample-title">{t(sampleInput === null ? 'pg.sample.title' : 'pg.sample.titleOwn')}</h3>
      <p className="hint">{t('pg.sample.lede')}</p>
      <SampleInputForm key={sampleInput === null ? '' : formatSampleInput(sampleInput)} seqLen={config.seqLen} vocab={config.vocab} />
      <SampleTokens sample={sample} />
      <HeadSwitches layers={config.layers} heads={config.heads} />
      {many && (
        <div className="playground-heads" role="group" aria-label={t('pg.sample.heads')}>
          {maps.map((row, l) => (
            <div key={l} className="playground-heads__layer">
              {row.map((m, h) => (
                <button
                  key={h}
                  type="button"
                  className="playground-heads__pick"
                  aria-pressed={l === layer && h === head}
                  aria-label={t('pg.sample.pick', { layer: l + 1, head: h + 1 })}
                  data-off={headsOff?.[l]?.[h] ? 'true' : undefined}
                  onClick={() => setPicked({ layer: l, head: h })}
                >
                  <HeatmapThumbnail matrix={m} mask={mask} size={48} />
                  <span aria-hidden="true">
                    L{l + 1} H{h + 1}
                  </span>
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
      {matrix && (
        <AttentionHeatmap
          matrix={matrix}
          queryTokens={tokens}
          mask={mask}
          size={size}
          title={mapTitle}
        />
      )}
      {matrix && (
        <ExportMenu
          matrix={matrix}
          queryTokens={tokens}
          kind="weights"
          mask={mask}
          title={mapTitle}
          fileName={`playground-${config.task}-L${layer + 1}-H${head + 1}-step${step}`}
        />
      )}
    </section>
  );
}
