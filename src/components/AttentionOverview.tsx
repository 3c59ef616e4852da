import { MAX_TOKENS } from '../engine';
import { useLab } from '../state/labStore';
import { useLabComputation } from '../state/useLabComputation';
import { HeadHeatmap } from './heatmap/HeadHeatmap';
import { TokenChips } from './TokenChips';

/** Every head of the chosen layer as a heatmap, computed live from the settings. */
export function AttentionOverview() {
  const result = useLabComputation();
  const layer = useLab((s) => s.selectedLayer);
  const set = useLab((s) => s.set);
  if (!result.ok) {
    const friendly = result.error.code === 'empty-input' ? 'Type a sentence above to see how its tokens attend to each other.' : result.error.message;
    return (
      <p className="notice" role="status">
        {friendly}
      </p>
    );
  }
  const run = result;
  const labels = run.tokens.map((t) => t.text);
  const shownLayer = Math.min(layer, run.layers.length - 1);
  const heads = run.layers[shownLayer].attention.heads;
  const showLabels = labels.length <= 24;
  return (
    <section aria-labelledby="heads-title">
      {run.truncated && (
        <p className="notice" role="status">
          The text has {run.totalTokens} tokens; only the first {MAX_TOKENS} are used.
        </p>
      )}
      <TokenChips tokens={run.tokens} />
      <div className="layer-tabs" role="group" aria-label="Layer">
        {run.layers.map((_, i) => (
          <button key={i} type="button" aria-pressed={i === shownLayer} onClick={() => set({ selectedLayer: i })}>
            Layer {i + 1}
          </button>
        ))}
      </div>
      <h2 id="heads-title">
        Attention weights, layer {shownLayer + 1}: rows are queries (attending from), columns are keys (attended to)
      </h2>
      <div className="heads-grid">
        {heads.map((h, i) => (
          <HeadHeatmap key={i} weights={h.weights} tokens={labels} title={`Head ${i + 1}`} showLabels={showLabels} />
        ))}
      </div>
    </section>
  );
}
