import { useShallow } from 'zustand/react/shallow';
import { useLab } from '../../state/labStore';

const WIDTHS = [8, 12, 16, 24, 32, 48, 64, 96, 128];
const LAYER_CHOICES = [1, 2, 3, 4];

/** Only head counts that split the width into equal whole parts are offered. */
export function headChoices(width: number): number[] {
  return Array.from({ length: Math.min(width, 16) }, (_, i) => i + 1).filter((h) => width % h === 0);
}

export function SettingsPanel() {
  const { embedDim, numHeads, numLayers, seed, positionalEncoding, maskMode, set } = useLab(
    useShallow((s) => ({
      embedDim: s.embedDim,
      numHeads: s.numHeads,
      numLayers: s.numLayers,
      seed: s.seed,
      positionalEncoding: s.positionalEncoding,
      maskMode: s.maskMode,
      set: s.set,
    })),
  );
  return (
    <fieldset className="settings">
      <legend>Model</legend>
      <label>
        Width (d_model)
        <select
          value={embedDim}
          onChange={(e) => {
            const width = Number(e.target.value);
            const heads = headChoices(width);
            set({ embedDim: width, numHeads: heads.includes(numHeads) ? numHeads : heads[heads.length - 1] });
          }}
        >
          {WIDTHS.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </label>
      <label>
        Heads
        <select value={numHeads} onChange={(e) => set({ numHeads: Number(e.target.value) })}>
          {headChoices(embedDim).map((h) => (
            <option key={h} value={h}>
              {h} (d_k = {embedDim / h})
            </option>
          ))}
        </select>
      </label>
      <label>
        Layers
        <select value={numLayers} onChange={(e) => set({ numLayers: Number(e.target.value), selectedLayer: 0 })}>
          {LAYER_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Seed
        <input type="number" min={0} step={1} value={seed} onChange={(e) => set({ seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
      </label>
      <label className="check">
        <input type="checkbox" checked={positionalEncoding} onChange={(e) => set({ positionalEncoding: e.target.checked })} />
        Positional encoding
      </label>
      <label className="check">
        <input type="checkbox" checked={maskMode === 'causal'} onChange={(e) => set({ maskMode: e.target.checked ? 'causal' : 'none' })} />
        Causal mask
      </label>
    </fieldset>
  );
}
