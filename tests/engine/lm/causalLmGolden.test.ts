// @vitest-environment node
// Every causal_lm golden fixture through the model's own run (not the checker): logits and every head's causal
// weights within the golden tolerance, disabled heads applied; and edits PyTorch did not make are caught.
import { CausalLmModel, EngineError } from '../../../src/engine';
import { lmFixtureFiles, loadLmFixture, rowLogSumExp, storedLogits, worstRatio, type LmFixture } from './causalLmSupport';

function worstAgainstPytorch(fx: LmFixture, model = new CausalLmModel(fx.weights)): number {
  const run = model.runIds(fx.tokenIds, { disabledHeads: fx.disabledHeads });
  let worst = worstRatio(storedLogits(fx, run.logits), fx.logits);
  if (fx.logitsColumns) worst = Math.max(worst, worstRatio(rowLogSumExp(run.logits), (fx.logSumExp ?? []).map((x) => [x])));
  fx.weightsPerHead.forEach((heads, layer) => heads.forEach((w, h) => (worst = Math.max(worst, worstRatio(run.layers[layer].attention.heads[h].weights, w)))));
  return worst;
}

describe('the causal_lm golden fixtures through CausalLmModel.runIds', () => {
  const files = lmFixtureFiles();

  it('are there: the two shared examples and the generated ones (tied, untied, tanh, ablated, ε ≠ 1e-5)', () => {
    expect(files).toEqual(expect.arrayContaining(['causal_lm_one_layer.json', 'causal_lm_ablated.json']));
    expect(files.length).toBeGreaterThanOrEqual(6);
    const kinds = files.map((f) => loadLmFixture(f).raw);
    expect(kinds.some((r) => r.activation === 'gelu_tanh')).toBe(true);
    expect(kinds.some((r) => r.tied_embeddings === false)).toBe(true);
    expect(kinds.some((r) => r.layer_norm_eps !== 1e-5)).toBe(true);
  });

  it.each(files)('%s: logits and every head within 1e-4 + 1e-4·|expected|', (file) => {
    expect(worstAgainstPytorch(loadLmFixture(file))).toBeLessThanOrEqual(1);
  });

  // run(text) through a real tokenizer (≥ 257 tokens, more than these fixtures' vocabularies) giving runIds'
  // logits: tests/engine/run/causalLmTokenizer.test.ts.

  it('fails when the ablation is left out, the activation swapped, the ε ignored, or the head untied', () => {
    const ablated = loadLmFixture('causal_lm_ablated.json');
    expect(worstAgainstPytorch({ ...ablated, disabledHeads: [] })).toBeGreaterThan(1);
    const tanh = loadLmFixture('causal_lm_gelu_tanh_untied.json', (raw) => (raw.activation = 'gelu'));
    expect(worstAgainstPytorch(tanh)).toBeGreaterThan(1);
    const exact = loadLmFixture('causal_lm_h1_ablated_layer.json', (raw) => (raw.activation = 'gelu_tanh'));
    expect(worstAgainstPytorch(exact)).toBeGreaterThan(5);
    const eps = loadLmFixture('causal_lm_eps_1e-3_h3.json', (raw) => (raw.layer_norm_eps = 1e-5));
    expect(worstAgainstPytorch(eps)).toBeGreaterThan(1);
    const untied = loadLmFixture('causal_lm_gelu_tanh_untied.json', (raw) => {
      raw.tied_embeddings = true;
      delete raw.lm_head_weight;
    });
    expect(worstAgainstPytorch(untied)).toBeGreaterThan(1);
  });

  it('refuses a file that is not a causal_lm model, naming the field', () => {
    expect(() => loadLmFixture('causal_lm_one_layer.json', (raw) => delete raw.wpe)).toThrow(/missing field "wpe"/);
    expect(() => loadLmFixture('causal_lm_one_layer.json', (raw) => (raw.activation = 'relu'))).toThrow(EngineError);
    expect(() => loadLmFixture('causal_lm_gelu_tanh_untied.json', (raw) => delete raw.lm_head_weight)).toThrow(/lm_head_weight/);
  });
});
