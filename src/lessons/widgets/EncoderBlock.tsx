import { useMemo } from 'react';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { useWalkthroughData } from '../../components/walkthrough';
import { NormOrderSwitch } from '../../components/walkthrough/NormOrderDiagram';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { useLabComputation } from '../../run/useLabComputation';
import { encoderStages, tokenStats, type StageId } from './encoderBlockStats';
import './model.css';

const KIND: Record<StageId, 'io' | 'mha' | 'add' | 'ln' | 'ffn'> = { input: 'io', mha: 'mha', add1: 'add', ln1: 'ln', ffn: 'ffn', add2: 'add', ln2: 'ln' };

/**
 * One encoder block as a flow of stages (post-LN or pre-LN, the walkthrough store's switch), each with the live
 * shape for the lab's sentence and the per-token mean and standard deviation of what that stage outputs.
 * Config: none.
 */
export function EncoderBlock() {
  const t = useT();
  const lab = useLabComputation();
  const data = useWalkthroughData();
  const numLayers = useLab((s) => s.numLayers);
  const setLab = useLab((s) => s.set);
  const stages = useMemo(() => (data ? encoderStages(data.layer).map((s) => ({ ...s, stats: tokenStats(s.matrix) })) : []), [data]);

  if (!lab.ok) return <p className="lw-model-message">{engineErrorMessage(t, lab.error)}</p>;
  if (!data) return <p className="lw-model-message">{t('walkthrough.empty')}</p>;

  const { layer, numHeads, dk } = data;
  const L = layer.input.rows;
  const d = layer.input.cols;
  const hidden = layer.ffn.hidden.cols;
  const detail = (id: StageId): string => {
    switch (id) {
      case 'input':
        return data.layerIndex === 0 ? t('lw.model.block.detail.input') : t('lw.model.block.detail.inputLater', { prev: data.layerIndex });
      case 'mha':
        return t('lw.model.block.detail.mha', { h: numHeads, dk });
      case 'ffn':
        return t('lw.model.block.detail.ffn', { L, hidden, d });
      case 'ln1':
      case 'ln2':
        return t('lw.model.block.detail.ln');
      case 'add1':
        return data.normFirst ? t('lw.model.block.detail.add1pre') : t('lw.model.block.detail.add1');
      case 'add2':
        return t('lw.model.block.detail.add2');
    }
  };

  return (
    <div className="lw-model-block" data-order={data.normFirst ? 'pre' : 'post'}>
      <div className="lw-model-row">
        <label className="lw-model-field">
          {t('lw.model.block.layer')}{' '}
          <select value={data.layerIndex} onChange={(e) => setLab({ selectedLayer: Number(e.target.value) })}>
            {Array.from({ length: numLayers }, (_, i) => (
              <option key={i} value={i}>
                {t('lw.model.block.layerOf', { n: i + 1, total: numLayers })}
              </option>
            ))}
          </select>
        </label>
        <NormOrderSwitch />
      </div>
      <p className="lw-model-shapes" data-testid="lw-block-shapes">
        {t('lw.model.block.shapes', { L, d, h: numHeads, dk, hidden })}
      </p>
      {data.normFirst && <p className="lw-model-note">{t('walkthrough.order.preNote')}</p>}
      <ol className="lw-model-flow" aria-label={t('lw.model.block.flowLabel')}>
        {stages.map((s, i) => {
          const isNorm = KIND[s.id] === 'ln';
          return (
            <li key={s.id} className={`lw-model-stage lw-model-stage--${KIND[s.id]}`} data-stage={s.id}>
              <span className="lw-model-stage__n" aria-hidden="true">
                {i + 1}
              </span>
              <div className="lw-model-stage__body">
                <p className="lw-model-stage__title">
                  <strong>{t(`lw.model.block.stage.${s.id}`)}</strong>{' '}
                  <span className="lw-model-stage__shape">
                    [{s.matrix.rows} × {s.matrix.cols}]
                  </span>
                </p>
                <p className="lw-model-stage__detail">{detail(s.id)}</p>
                <p className="lw-model-stage__stats" data-testid={`lw-block-stats-${s.id}`}>
                  {t('lw.model.block.stats', {
                    mean: formatValue(s.stats.mean, 3),
                    std: formatValue(s.stats.std, 3),
                    min: formatValue(s.stats.minStd, 3),
                    max: formatValue(s.stats.maxStd, 3),
                  })}
                  {isNorm && <span className="lw-model-badge">{t('lw.model.block.normBadge')}</span>}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="lw-model-note">{t('lw.model.block.statsNote', { d })}</p>
      {data.normFirst && <p className="lw-model-note">{t('lw.model.block.preOutputNote')}</p>}
      <p className="lw-model-note">{t('lw.model.block.stackNote', { n: numLayers })}</p>
    </div>
  );
}
