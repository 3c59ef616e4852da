import { MAX_TOKENS } from '../engine';
import { engineErrorMessage } from '../i18n/engineErrorMessage';
import { useT } from '../i18n/translate';
import { useLab } from '../state/labStore';
import { useLabComputation } from '../state/useLabComputation';
import { TokenChips } from './controls/TokenChips';
import { HeadHeatmap } from './heatmap/HeadHeatmap';

/** Every head of the chosen layer as a heatmap, computed live from the settings. */
export function AttentionOverview() {
  const t = useT();
  const result = useLabComputation();
  const layer = useLab((s) => s.selectedLayer);
  const set = useLab((s) => s.set);
  if (!result.ok) {
    return (
      <p className="notice" role="status">
        {engineErrorMessage(t, result.error)}
      </p>
    );
  }
  const labels = result.tokens.map((tok) => tok.text);
  const shownLayer = Math.min(layer, result.layers.length - 1);
  const heads = result.layers[shownLayer].attention.heads;
  const showLabels = labels.length <= 24;
  return (
    <section aria-labelledby="heads-title">
      {result.truncated && (
        <p className="notice" role="status">
          {t('input.truncated', { total: result.totalTokens, limit: MAX_TOKENS })}
        </p>
      )}
      <TokenChips tokens={result.tokens} />
      <div className="layer-tabs" role="group" aria-label={t('layer.label')}>
        {result.layers.map((_, i) => (
          <button key={i} type="button" aria-pressed={i === shownLayer} onClick={() => set({ selectedLayer: i })}>
            {t('layer.button', { n: i + 1 })}
          </button>
        ))}
      </div>
      <h2 id="heads-title">{t('heads.title', { layer: shownLayer + 1 })}</h2>
      <div className="heads-grid">
        {heads.map((h, i) => (
          <HeadHeatmap key={i} weights={h.weights} tokens={labels} title={t('head.name', { n: i + 1 })} showLabels={showLabels} />
        ))}
      </div>
    </section>
  );
}
