// @vitest-environment node
// A model's named variants (generation, the head probes): the same numbers as the model, stage caches of their own,
// so their many runs never evict what the lab has cached. Weights: a generated golden fixture.
import { CausalLmModel, EngineError } from '../../../src/engine';
import { loadLmFixture } from '../lm/causalLmSupport';
import { maxDiff } from '../support';

const FX = loadLmFixture('causal_lm_ablated_tanh_untied.json');
const IDS = FX.tokenIds;

describe('CausalLmModel.variant', () => {
  it('computes exactly what the model computes, and is one object per name', () => {
    const model = new CausalLmModel(FX.weights);
    const generation = model.variant('generation');
    expect(model.variant('generation')).toBe(generation);
    expect(model.variant('head-probes')).not.toBe(generation);
    expect(generation.layers).toBe(model.layers);
    const off = [{ layer: 1, head: 2 }];
    expect(maxDiff(generation.runIds(IDS, { disabledHeads: off }).logits, model.runIds(IDS, { disabledHeads: off }).logits)).toBe(0);
  });

  it('keeps the lab’s cached stages: the model’s run is the same object before and after many variant runs', () => {
    const model = new CausalLmModel(FX.weights);
    const lab = model.runIds(IDS);
    const probes = model.variant('head-probes');
    // More distinct runs than a stage cache holds (two entries each).
    for (let n = 3; n <= IDS.length; n++) probes.runIds(IDS.slice(0, n));
    const again = model.runIds(IDS);
    expect(again.layers).toBe(lab.layers);
    expect(again.logits).toBe(lab.logits);
  });

  it('has no variants of its own', () => {
    const model = new CausalLmModel(FX.weights);
    expect(() => model.variant('generation').variant('head-probes')).toThrow(EngineError);
  });
});
