// @vitest-environment node
import { disableFastAttention, enableFastAttention, fastAttentionEnabled, maxAbsDifference } from '../../src/engine';
import { computeLab, type LabInputs } from '../../src/run/computeLab';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';

afterEach(() => disableFastAttention());

function run(inputs: LabInputs, fast: boolean) {
  if (!fast) disableFastAttention();
  const r = computeLab(inputs);
  if (!r.ok) throw r.error;
  return r;
}

describe('the lab on the WebAssembly kernels', () => {
  it('gives the same traces as the TypeScript engine within 1e-5, masks and ablation included', async () => {
    const cases: LabInputs[] = [
      { ...DEFAULT_SETTINGS, numLayers: 3 },
      { ...DEFAULT_SETTINGS, maskMode: 'causal', disabledHeads: [{ layer: 0, head: 1 }, { layer: 2, head: 3 }], numLayers: 3 },
      { ...DEFAULT_SETTINGS, text: '我爱北京天安门', embedDim: 12, numHeads: 3, maskMode: 'custom', customMask: [{ query: 0, key: 0 }, { query: 1, key: 0 }, { query: 1, key: 1 }, { query: 2, key: 2 }] },
      { ...DEFAULT_SETTINGS, maskMode: 'padding', paddingTokens: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], disabledHeads: [{ layer: 1, head: 0 }] },
    ];
    for (const inputs of cases) {
      const reference = run(inputs, false);
      expect(await enableFastAttention()).toBe(true);
      expect(fastAttentionEnabled()).toBe(true);
      const fast = run(inputs, true);
      expect(fast).not.toBe(reference);
      expect(fast.mask).toEqual(reference.mask);
      fast.layers.forEach((layer, i) => {
        const ref = reference.layers[i];
        expect(maxAbsDifference(layer.output, ref.output)).toBeLessThan(1e-5);
        layer.attention.heads.forEach((head, h) => {
          expect(maxAbsDifference(head.weights, ref.attention.heads[h].weights)).toBeLessThan(1e-5);
          expect(maxAbsDifference(head.scaled, ref.attention.heads[h].scaled)).toBeLessThan(1e-5);
          expect(head.fullyMaskedRows).toEqual(ref.attention.heads[h].fullyMaskedRows);
          for (const v of head.weights.data) expect(Number.isNaN(v)).toBe(false);
        });
      });
      disableFastAttention();
    }
  });
});
