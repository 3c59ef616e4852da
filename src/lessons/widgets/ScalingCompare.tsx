import { useId, useMemo, useState } from 'react';
import { AttentionHeatmap } from '../../components/heatmap';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { ExperimentStatus } from '../../components/walkthrough/Experiments';
import { useWalkthroughData } from '../../components/walkthrough/walkthroughData';
import { useT } from '../../i18n/translate';
import { latestValue, useExperiment } from '../../run/experiments';
import { useLab } from '../../state/labStore';
import { peakStats, type PeakStats } from './ScalingCompareStats';
import './basics.css';

// Cell area in px; with the axis labels two maps fit side by side on a laptop and one on a 375 px phone.
const MAP_SIZE = 210;

/**
 * The student's sentence (lab store): the selected head's weights as the model computes them (÷√d_k) and the same
 * scores without the scaling, side by side, with each map's max weight and entropy, for one query row and on average.
 * The head picker writes the lab's selectedHead, so the lab shows the same head.
 */
export function ScalingCompare() {
  const t = useT();
  const uid = useId();
  const data = useWalkthroughData();
  const setLab = useLab((s) => s.set);
  const [query, setQuery] = useState(0);
  const q = data?.q;
  const k = data?.k;
  const v = data?.v;
  const mask = data?.mask ?? null;
  // The same head without ÷√d_k (src/run/experiments, 'unscaled-attention': after the first paint).
  const unscaledState = useExperiment('unscaled-attention', q && k && v ? { q, k, v, mask } : null);
  const lastUnscaled = latestValue(unscaledState);
  // While another head computes, the last map stays (marked busy) if it fits the sentence.
  const unscaled = lastUnscaled && data && lastUnscaled.weights.rows === data.tokens.length ? lastUnscaled : null;
  const scaled = data?.head ?? null;
  const stats = useMemo(
    () => (scaled && unscaled ? { scaled: peakStats(scaled.weights, scaled.fullyMaskedRows), unscaled: peakStats(unscaled.weights, unscaled.fullyMaskedRows) } : null),
    [scaled, unscaled],
  );

  if (data && scaled && !unscaled) return <ExperimentStatus state={unscaledState} className="lw-basics-note" />;
  if (!data || !scaled || !unscaled || !stats) {
    return (
      <p className="lw-basics-note" role="status">
        {t('lw.basics.compare.unavailable')}
      </p>
    );
  }
  const tokens = data.tokens;
  const row = Math.min(query, tokens.length - 1);
  const token = tokens[row];
  const L = tokens.length;
  const versions = [
    { id: 'scaled', label: t('lw.basics.compare.rowScaled'), s: stats.scaled },
    { id: 'unscaled', label: t('lw.basics.compare.rowUnscaled'), s: stats.unscaled },
  ] as const;
  const measures = [
    { id: 'row-max', label: t('lw.basics.compare.colRowMax', { token }), of: (p: PeakStats) => p.rows[row].max },
    { id: 'row-entropy', label: t('lw.basics.compare.colRowEntropy', { token }), of: (p: PeakStats) => p.rows[row].entropy },
    { id: 'mean-max', label: t('lw.basics.compare.colMeanMax'), of: (p: PeakStats) => p.meanMax },
    { id: 'mean-entropy', label: t('lw.basics.compare.colMeanEntropy'), of: (p: PeakStats) => p.meanEntropy },
  ] as const;

  return (
    <div className="lw-basics-compare" aria-busy={unscaledState.status === 'pending'}>
      <div className="lw-basics-compare__controls">
        <label>
          <span>{t('lw.basics.compare.head')}</span>
          <select value={data.headIndex} onChange={(e) => setLab({ selectedHead: Number(e.target.value) })}>
            {Array.from({ length: data.numHeads }, (_, h) => (
              <option key={h} value={h}>
                {t('lw.basics.compare.headOption', { n: h + 1, total: data.numHeads })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('lw.basics.compare.query')}</span>
          <select value={row} onChange={(e) => setQuery(Number(e.target.value))}>
            {tokens.map((tok, i) => (
              <option key={i} value={i}>
                {`${i + 1}. ${tok}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="lw-basics-note" data-testid="scaling-compare-setup">
        {t('lw.basics.compare.setup', { layer: data.layerIndex + 1, head: data.headIndex + 1, dk: data.dk, factor: formatValue(scaled.scaleFactor, 3) })}
      </p>
      <div className="lw-basics-compare__maps">
        <div className="lw-basics-scroll" data-map="scaled">
          <AttentionHeatmap matrix={scaled.weights} queryTokens={tokens} mask={mask} title={t('lw.basics.compare.scaled')} size={MAP_SIZE} />
        </div>
        <div className="lw-basics-scroll" data-map="unscaled">
          <AttentionHeatmap matrix={unscaled.weights} queryTokens={tokens} mask={mask} title={t('lw.basics.compare.unscaled')} size={MAP_SIZE} />
        </div>
      </div>
      <div className="lw-basics-scroll">
        <table className="lw-basics-table" aria-describedby={`${uid}-uniform`}>
          <caption>{t('lw.basics.compare.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lw.basics.compare.colMeasure')}</th>
              {versions.map((v) => (
                <th key={v.id} scope="col">
                  {v.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {measures.map((m) => (
              <tr key={m.id} data-measure={m.id}>
                <th scope="row">{m.label}</th>
                {versions.map((v) => (
                  <td key={v.id} data-version={v.id}>
                    {formatValue(m.of(v.s), 3)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="lw-basics-note" id={`${uid}-uniform`}>
        {t('lw.basics.compare.uniform', { L, entropy: formatValue(Math.log(L), 3), max: formatValue(1 / L, 3) })}
      </p>
      <p className="lw-basics-note">{t('lw.basics.compare.random')}</p>
    </div>
  );
}
