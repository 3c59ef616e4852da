// @vitest-environment node
// The language model's staged run: causal weights, the causal switch, ablation through one head only, the student's
// mask on top of the causal one, the cache, and its inputs (ids, text, limits). Weights: a generated golden fixture
// (3 blocks, 4 heads, untied, tanh GELU).
import {
  CausalLmModel,
  EngineError,
  fromRows,
  isBlocked,
  linear,
  sliceCols,
  sliceRows,
  type CausalLmRun,
  type Model,
  type ModelRunResult,
} from '../../../src/engine';
import { loadLmFixture } from '../lm/causalLmSupport';
import { at, maxDiff, rowSums } from '../support';

const FX = loadLmFixture('causal_lm_ablated_tanh_untied.json');
const IDS = FX.tokenIds; // 12 ids; the model holds 14 positions
const newModel = (): CausalLmModel => new CausalLmModel(FX.weights);

/** Every head's weights, with its layer and head index. */
function eachHead(run: CausalLmRun, visit: (weights: CausalLmRun['layers'][number]['attention']['heads'][number]['weights'], where: string) => void): void {
  run.layers.forEach((layer, l) => layer.attention.heads.forEach((head, h) => visit(head.weights, `${l}.${h}`)));
}

describe('CausalLmModel', () => {
  it('is a Model: kind, sizes, and a run result the views can switch on', () => {
    const model: Model = newModel();
    expect([model.kind, model.embedDim, model.numHeads, model.numLayers]).toEqual(['causal_lm', 16, 4, 3]);
    const summary = (run: ModelRunResult): string => {
      switch (run.kind) {
        case 'encoder':
          return `${run.tokens.length} tokens`;
        case 'causal_lm':
          return `${run.logits.rows}×${run.logits.cols} logits`;
      }
    };
    const described = summary((model as CausalLmModel).runIds(IDS));
    expect(described).toBe('12×28 logits');
  });

  it('runs causally: every head gives zero weight above the diagonal and rows summing to 1', () => {
    const run = newModel().runIds(IDS);
    expect(run.mask).not.toBeNull();
    eachHead(run, (w) => {
      for (let q = 0; q < w.rows; q++) for (let k = q + 1; k < w.cols; k++) expect(at(w, q, k)).toBe(0);
      for (const s of rowSums(w)) expect(s).toBeCloseTo(1, 5);
    });
    expect(at(run.layers[0].attention.heads[0].weights, 0, 0)).toBe(1);
  });

  it('predicts each position from its prefix alone: a prefix run gives the same first rows of logits', () => {
    const full = newModel().runIds(IDS);
    const prefix = newModel().runIds(IDS.slice(0, 5));
    expect(maxDiff(prefix.logits, sliceRows(full.logits, 0, 5))).toBeLessThan(1e-5);
  });

  it('with causality off, earlier positions read the future and their logits change; the last query row of layer 1 does not', () => {
    const model = newModel();
    const causal = model.runIds(IDS);
    const open = model.runIds(IDS, { causal: false });
    expect(open.mask).toBeNull();
    expect(open.embeddings).toBe(causal.embeddings);
    expect(at(open.layers[0].attention.heads[1].weights, 0, 5)).toBeGreaterThan(0);
    expect(maxDiff(sliceRows(open.logits, 0, 1), sliceRows(causal.logits, 0, 1))).toBeGreaterThan(1e-2);
    const last = IDS.length - 1;
    expect(maxDiff(sliceRows(open.layers[0].attention.heads[1].weights, last, 1), sliceRows(causal.layers[0].attention.heads[1].weights, last, 1))).toBeLessThan(1e-6);
    // The prefix property is gone.
    const prefix = model.runIds(IDS.slice(0, 5), { causal: false });
    expect(maxDiff(prefix.logits, sliceRows(open.logits, 0, 5))).toBeGreaterThan(1e-3);
  });

  it("adds the student's padding to the causal mask (and a causal choice changes nothing)", () => {
    const model = newModel();
    const run = model.runIds(IDS, { mask: { kind: 'padding', tokens: [2] } });
    for (let q = 0; q < IDS.length; q++) {
      for (let k = 0; k < IDS.length; k++) expect(isBlocked(run.mask, q, k)).toBe(k > q || k === 2);
    }
    expect(at(run.layers[1].attention.heads[0].weights, 5, 2)).toBe(0);
    expect(model.runIds(IDS, { mask: { kind: 'causal' } }).logits).toStrictEqual(model.runIds(IDS).logits);
  });

  it('ablates a head through its own output only: weights still shown, logits change, the rest of the layer is the same', () => {
    const model = newModel();
    const base = model.runIds(IDS);
    const ablated = model.runIds(IDS, { disabledHeads: [{ layer: 1, head: 2 }] });
    expect(ablated.baseline).toBe(base.layers);
    expect(ablated.layers[0]).toBe(base.layers[0]);
    expect(ablated.layers[1].attention.heads).toBe(base.layers[1].attention.heads);
    expect(ablated.layers[1].attention.disabledHeads).toEqual(new Set([2]));
    expect(maxDiff(ablated.logits, base.logits)).toBeGreaterThan(1e-3);
    // attention output = baseline's − head 2's output · (its columns of W_o)ᵀ
    const d = 4;
    const wO = FX.weights.layers[1].attention.wO;
    const head2Part = linear(base.layers[1].attention.heads[2].output, sliceCols(wO, 2 * d, d), null); // [L × D]·[E × D]ᵀ
    const expected = fromRows(
      Array.from({ length: IDS.length }, (_, r) => Array.from({ length: 16 }, (_, c) => at(base.layers[1].attention.output, r, c) - at(head2Part, r, c))),
    );
    expect(maxDiff(ablated.layers[1].attention.output, expected)).toBeLessThan(1e-5);
  });

  it('caches every stage: the same inputs give the same objects; a head toggle and back reuses them', () => {
    const model = newModel();
    const first = model.runIds(IDS);
    const again = model.runIds([...IDS]);
    expect(again.logits).toBe(first.logits);
    expect(again.layers).toBe(first.layers);
    const toggled = model.runIds(IDS, { disabledHeads: [{ layer: 2, head: 1 }] });
    expect(toggled.layers[0]).toBe(first.layers[0]);
    expect(toggled.layers[1]).toBe(first.layers[1]);
    expect(toggled.logits).not.toBe(first.logits);
    expect(model.runIds(IDS).logits).toBe(first.logits);
    expect(model.runIds(IDS, { disabledHeads: [{ layer: 2, head: 1 }] }).logits).toBe(toggled.logits);
    // Positions off: another input, another baseline.
    const noPositions = model.runIds(IDS, { positionalEncoding: false });
    expect(noPositions.input).toBe(noPositions.embeddings);
    expect(noPositions.baseline).not.toBe(first.baseline);
  });

  it('reads its tables: wte rows, wpe rows, their sum; cuts at the token limit and at nPositions', () => {
    const model = newModel();
    const run = model.runIds(IDS);
    expect(Array.from(run.embeddings.data.subarray(0, 16))).toEqual(Array.from(FX.weights.wte.data.subarray(IDS[0] * 16, IDS[0] * 16 + 16)));
    expect(maxDiff(run.positional, sliceRows(FX.weights.wpe, 0, IDS.length))).toBe(0);
    const long = model.runIds([...IDS, ...IDS]);
    expect([long.tokenIds.length, long.totalTokens, long.truncated, long.tokenLimit]).toEqual([14, 24, true, 14]);
    const short = model.runIds(IDS, { tokenLimit: 3 });
    expect([short.tokenIds, short.truncated]).toEqual([IDS.slice(0, 3), true]);
    expect(maxDiff(short.logits, sliceRows(run.logits, 0, 3))).toBeLessThan(1e-5);
  });

  it('refuses ids outside the vocabulary, no ids, and text without a tokenizer', () => {
    const model = newModel();
    expect(() => model.runIds([1, 28])).toThrow(/not in this model's vocabulary of 28/);
    expect(() => model.runIds([1.5])).toThrow(EngineError);
    expect(() => model.runIds([])).toThrow(expect.objectContaining({ code: 'empty-input' }));
    expect(() => model.run({ text: 'hello' })).toThrow(/no tokenizer/);
    // Text runs through a real tokenizer: causalLmTokenizer.test.ts.
  });
});
