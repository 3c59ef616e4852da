// @vitest-environment node
// The language model on the WebAssembly kernels: the same logits and weights as the TypeScript engine within 1e-5,
// and the backend is part of the baseline's cache key.
import { CausalLmModel, disableFastAttention, enableFastAttention, maxAbsDifference, type CausalLmRun, type LmRunOptions } from '../../../src/engine';
import { loadLmFixture, worstRatio } from '../lm/causalLmSupport';

afterEach(() => disableFastAttention());

function largestDifference(a: CausalLmRun, b: CausalLmRun): number {
  let worst = maxAbsDifference(a.logits, b.logits);
  a.layers.forEach((layer, l) => {
    worst = Math.max(worst, maxAbsDifference(layer.output, b.layers[l].output));
    layer.attention.heads.forEach((head, h) => (worst = Math.max(worst, maxAbsDifference(head.weights, b.layers[l].attention.heads[h].weights))));
  });
  return worst;
}

describe('CausalLmModel on the WebAssembly backend', () => {
  it('agrees with the TypeScript backend within 1e-5: causal, not causal, ablated, padded', async () => {
    const fx = loadLmFixture('causal_lm_ablated.json');
    const model = new CausalLmModel(fx.weights);
    const cases: LmRunOptions[] = [{}, { causal: false }, { disabledHeads: fx.disabledHeads }, { mask: { kind: 'padding', tokens: [3, 4] }, disabledHeads: [{ layer: 2, head: 0 }] }];
    for (const options of cases) {
      disableFastAttention();
      const reference = model.runIds(fx.tokenIds, options);
      expect(await enableFastAttention()).toBe(true);
      const fast = model.runIds(fx.tokenIds, options);
      expect(fast.baseline).not.toBe(reference.baseline);
      expect(fast.embeddings).toBe(reference.embeddings);
      expect(largestDifference(fast, reference)).toBeLessThan(1e-5);
    }
  });

  it('still matches PyTorch on the kernels', async () => {
    await enableFastAttention();
    const fx = loadLmFixture('causal_lm_ablated.json');
    const run = new CausalLmModel(fx.weights).runIds(fx.tokenIds, { disabledHeads: fx.disabledHeads });
    expect(worstRatio(run.logits, fx.logits)).toBeLessThanOrEqual(1);
  });
});
