// @vitest-environment node
// The staged, cached run (src/engine/run) against the one-pass reference `runModel`, and what each cache keeps.
import {
  buildMask,
  EncoderModel,
  encoderModel,
  EngineError,
  maskSpecOf,
  maxAbsDifference,
  multiHeadAttention,
  runModel,
  scaledDotProductAttention,
  sinusoidalPositionalEncoding,
  tokenize,
  headSetsPerLayer,
  type EncoderLayerTrace,
  type HeadId,
  type MaskChoice,
  type ModelConfig,
  type RunInputs,
} from '../../../src/engine';

const CONFIG: ModelConfig = { embedDim: 16, numHeads: 4, numLayers: 3, seed: 11 };
const TEXT = 'the quick brown fox jumps over the lazy dog';
const COUNT = tokenize(TEXT).tokens.length;

/** A model of its own, so no other test's calls share its caches. */
const freshModel = (config: ModelConfig = CONFIG) => new EncoderModel(config);

function reference(inputs: RunInputs, config: ModelConfig = CONFIG): EncoderLayerTrace[] {
  const count = tokenize(inputs.text, { maxTokens: inputs.tokenLimit, overflow: 'truncate' }).tokens.length;
  return [
    ...runModel(inputs.text, config, {
      positionalEncoding: inputs.positionalEncoding,
      normFirst: inputs.normFirst,
      mask: maskSpecOf(inputs.mask ?? { kind: 'none' }, count),
      disabledHeads: headSetsPerLayer(inputs.disabledHeads ?? [], config.numLayers, config.numHeads),
      tokenize: { maxTokens: inputs.tokenLimit, overflow: 'truncate' },
    }).layers,
  ];
}

function expectLayersMatch(actual: readonly EncoderLayerTrace[], expected: readonly EncoderLayerTrace[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((layer, i) => {
    expect(maxAbsDifference(layer.output, expected[i].output)).toBeLessThan(1e-5);
    expect(maxAbsDifference(layer.attention.output, expected[i].attention.output)).toBeLessThan(1e-5);
    layer.attention.heads.forEach((head, h) => expect(maxAbsDifference(head.weights, expected[i].attention.heads[h].weights)).toBeLessThan(1e-6));
    expect([...layer.attention.disabledHeads]).toEqual([...expected[i].attention.disabledHeads]);
  });
}

const MASKS: MaskChoice[] = [
  { kind: 'none' },
  { kind: 'causal' },
  { kind: 'padding', tokens: [1, 4, 99] },
  { kind: 'custom', cells: [{ query: 0, key: 1 }, { query: 2, key: 2 }, { query: 50, key: 0 }] },
];
const ABLATIONS: HeadId[][] = [[], [{ layer: 1, head: 2 }], [{ layer: 0, head: 0 }, { layer: 2, head: 3 }], [0, 1, 2, 3].map((head) => ({ layer: 0, head }))];

describe('the run equals the one-pass reference, layer by layer', () => {
  it('for every mask, ablation, positional encoding and LayerNorm placement', () => {
    const model = freshModel();
    for (const mask of MASKS) {
      for (const disabledHeads of ABLATIONS) {
        for (const [positionalEncoding, normFirst] of [[true, false], [false, false], [true, true]]) {
          const inputs: RunInputs = { text: TEXT, mask, disabledHeads, positionalEncoding, normFirst };
          const run = model.run(inputs);
          expectLayersMatch(run.layers, reference(inputs));
          expectLayersMatch(run.baseline, reference({ ...inputs, disabledHeads: [] }));
        }
      }
    }
  });

  it('reports tokens, embeddings, the positional table and the input of layer 1', () => {
    const run = freshModel().run({ text: TEXT });
    const ref = runModel(TEXT, CONFIG);
    expect(run.tokens).toEqual(ref.tokens);
    expect(maxAbsDifference(run.embeddings, ref.embeddings)).toBe(0);
    expect(maxAbsDifference(run.input, ref.input)).toBe(0);
    expect(maxAbsDifference(run.positional, sinusoidalPositionalEncoding(COUNT, CONFIG.embedDim))).toBe(0);
    expect(freshModel().run({ text: TEXT, positionalEncoding: false }).input.data).toEqual(run.embeddings.data);
  });

  it('cuts the text at the token limit, never above MAX_TOKENS', () => {
    const run = freshModel().run({ text: TEXT, tokenLimit: 4 });
    expect(run.tokens.map((t) => t.text)).toEqual(['the', 'quick', 'brown', 'fox']);
    expect([run.truncated, run.totalTokens, run.tokenLimit]).toEqual([true, COUNT, 4]);
    expectLayersMatch(run.layers, reference({ text: TEXT, tokenLimit: 4 }));
    expect(freshModel().run({ text: TEXT, tokenLimit: 1e6 }).tokenLimit).toBe(512);
  });

  it('an empty text is the one empty-input error', () => {
    for (const call of [() => freshModel().run({ text: '  ' }), () => freshModel().runWords([]), () => runModel('', CONFIG)]) {
      expect(call).toThrow(EngineError);
      expect(call).toThrow('The text is empty: type a sentence to see its attention.');
    }
  });
});

describe('the mask is part of the run', () => {
  it('is the mask every layer used, and reading it does not build any head’s −∞ logits', () => {
    // The traces' `masked` is a getter on their (shared) prototype, built only when read.
    const proto = Object.getPrototypeOf(scaledDotProductAttention({ rows: 1, cols: 1, data: new Float32Array(1) }, { rows: 1, cols: 1, data: new Float32Array(1) }, { rows: 1, cols: 1, data: new Float32Array(1) }));
    const maskedRead = vi.spyOn(proto, 'masked', 'get');
    try {
      const run = freshModel().run({ text: TEXT, mask: { kind: 'causal' } });
      expect(Array.from(run.mask!.blocked)).toEqual(Array.from(buildMask(COUNT, COUNT, { causal: true })!.blocked));
      expect(run.layers[2].attention.heads[1].fullyMaskedRows).toEqual([]);
      expect(maskedRead).not.toHaveBeenCalled();
      // The spy sees a read: this test can fail.
      expect(run.layers[0].attention.heads[0].masked.data[1]).toBe(-Infinity);
      expect(maskedRead).toHaveBeenCalledTimes(1);
    } finally {
      maskedRead.mockRestore();
    }
  });

  it('is null when nothing is masked', () => {
    const model = freshModel();
    expect(model.run({ text: TEXT }).mask).toBeNull();
    expect(model.run({ text: TEXT, mask: { kind: 'padding', tokens: [] } }).mask).toBeNull();
  });
});

describe('stages are cached on what they depend on', () => {
  it('a head toggle keeps the baseline and every trace before the first ablated layer, and only re-combines that layer', () => {
    const model = freshModel();
    const before = model.run({ text: TEXT, mask: { kind: 'causal' } });
    const after = model.run({ text: TEXT, mask: { kind: 'causal' }, disabledHeads: [{ layer: 1, head: 0 }] });
    expect(after.baseline).toBe(before.baseline);
    expect(after.embeddings).toBe(before.embeddings);
    expect(after.mask).toBe(before.mask);
    expect(after.layers[0]).toBe(before.layers[0]);
    // Layer 2: the same heads (weights were not recomputed), a new concat · W_o.
    expect(after.layers[1].attention.heads).toBe(before.layers[1].attention.heads);
    expect(after.layers[1].attention.q).toBe(before.layers[1].attention.q);
    expect(after.layers[1]).not.toBe(before.layers[1]);
    expect(maxAbsDifference(after.layers[1].output, before.layers[1].output)).toBeGreaterThan(1e-3);
    // Layer 3 reads a changed input: attention is recomputed.
    expect(after.layers[2].attention.heads).not.toBe(before.layers[2].attention.heads);
    expect(after.disabledHeads.map((s) => [...s])).toEqual([[], [0], []]);
    // Back on: the baseline itself.
    expect(model.run({ text: TEXT, mask: { kind: 'causal' } }).layers).toBe(before.baseline);
  });

  it('the same inputs again reuse every stage, ablation included', () => {
    const model = freshModel();
    const inputs: RunInputs = { text: TEXT, mask: { kind: 'padding', tokens: [2] }, disabledHeads: [{ layer: 0, head: 1 }] };
    const a = model.run(inputs);
    const b = model.run({ ...inputs, mask: { kind: 'padding', tokens: [2] }, disabledHeads: [{ layer: 0, head: 1 }] });
    expect(b.layers).toBe(a.layers);
    expect(b.baseline).toBe(a.baseline);
    expect(b.mask).toBe(a.mask);
  });

  it('a mask change reuses the embeddings and recomputes attention', () => {
    const model = freshModel();
    const open = model.run({ text: TEXT });
    const causal = model.run({ text: TEXT, mask: { kind: 'causal' } });
    expect(causal.embeddings).toBe(open.embeddings);
    expect(causal.input).toBe(open.input);
    expect(causal.tokens).toBe(open.tokens);
    expect(causal.baseline).not.toBe(open.baseline);
    expect(maxAbsDifference(causal.layers[0].attention.heads[0].weights, open.layers[0].attention.heads[0].weights)).toBeGreaterThan(1e-3);
  });

  it('changing the text, the token limit or positional encoding recomputes from the tokens', () => {
    const model = freshModel();
    const first = model.run({ text: TEXT });
    const other = model.run({ text: `${TEXT} again` });
    expect(other.embeddings).not.toBe(first.embeddings);
    expect(other.tokens).toHaveLength(COUNT + 1);
    expect(model.run({ text: TEXT, tokenLimit: 5 }).embeddings).not.toBe(first.embeddings);
    expect(model.run({ text: TEXT, positionalEncoding: false }).input).not.toBe(first.input);
  });

  it('pre-LN has its own baseline and keeps the post-LN one (two entries per stage)', () => {
    const model = freshModel();
    const post = model.run({ text: TEXT });
    const pre = model.run({ text: TEXT, normFirst: true });
    expect(pre.embeddings).toBe(post.embeddings);
    expect(pre.baseline).not.toBe(post.baseline);
    expect(pre.layers[0].normFirst).toBe(true);
    expect(model.run({ text: TEXT }).baseline).toBe(post.baseline);
    expect(model.run({ text: TEXT, normFirst: true }).baseline).toBe(pre.baseline);
  });
});

describe('models', () => {
  it('one model per config, shared by everyone who asks for it', () => {
    const a = encoderModel(CONFIG);
    expect(encoderModel({ ...CONFIG })).toBe(a);
    expect(encoderModel({ ...CONFIG, seed: 12 })).not.toBe(a);
    expect(a.kind).toBe('encoder');
    expect([a.embedDim, a.numHeads, a.numLayers]).toEqual([16, 4, 3]);
    expect(() => encoderModel({ ...CONFIG, embedDim: 30 })).toThrow(EngineError);
  });

  it('runWords is a forward pass of given words, as run computes it', () => {
    const model = freshModel();
    const run = model.run({ text: TEXT });
    const words = model.runWords(run.tokens.map((t) => t.text));
    expect(maxAbsDifference(words.input, run.input)).toBe(0);
    words.layers.forEach((layer, i) => expect(maxAbsDifference(layer.output, run.layers[i].output)).toBe(0));
  });

  it('crossAttention takes queries from one sequence and keys and values from another', () => {
    const model = freshModel();
    const target = ['a', 'b', 'c'];
    const source = ['x', 'y', 'z', 'w', 'v'];
    const trace = model.crossAttention(target, source, { layer: 1, positionalEncoding: false });
    const ref = multiHeadAttention(model.runWords(target, { positionalEncoding: false }).input, model.weights[1].attention, {}, model.runWords(source, { positionalEncoding: false }).input);
    expect([trace.heads[0].weights.rows, trace.heads[0].weights.cols]).toEqual([3, 5]);
    expect(maxAbsDifference(trace.output, ref.output)).toBe(0);
    expect(() => model.crossAttention(target, source, { layer: 3 })).toThrow(EngineError);
  });
});
