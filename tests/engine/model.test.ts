// @vitest-environment node
import { createModel, runModel, validateConfig, type ModelConfig } from '../../src/engine';
import { engineError, rowSums } from './support';

const small: ModelConfig = { embedDim: 16, numHeads: 4, numLayers: 2, seed: 42 };

describe('createModel', () => {
  it('the same seed gives identical weights; another seed gives different ones', () => {
    const a = createModel(small);
    const b = createModel(small);
    const c = createModel({ ...small, seed: 43 });
    expect(a).toHaveLength(2);
    a.forEach((layer, i) => {
      expect(layer.attention.wQ.data).toEqual(b[i].attention.wQ.data);
      expect(layer.attention.wO.data).toEqual(b[i].attention.wO.data);
      expect(layer.ffn.w1.data).toEqual(b[i].ffn.w1.data);
    });
    expect(a[0].attention.wQ.data).not.toEqual(c[0].attention.wQ.data);
    expect(a[0].attention.wQ.data).not.toEqual(a[1].attention.wQ.data); // layers are not copies
  });

  it('ffnDim defaults to 4·E', () => {
    expect(createModel(small)[0].ffn.w1.rows).toBe(64);
    expect(createModel({ ...small, ffnDim: 24 })[0].ffn.w1.rows).toBe(24);
  });
});

describe('invalid settings are EngineErrors with clear messages', () => {
  it.each([
    [{ numLayers: 0 }, 'invalid-argument', /number of layers.*1 to 12.*got 0/],
    [{ numLayers: 13 }, 'invalid-argument', /got 13/],
    [{ numLayers: 1.5 }, 'invalid-argument', /whole number/],
    [{ embedDim: 0 }, 'invalid-argument', /positive whole numbers/],
    [{ embedDim: 2048, numHeads: 4 }, 'invalid-argument', /2048.*limit of 1024/],
    [{ embedDim: 10, numHeads: 4 }, 'heads-do-not-divide', /4 heads do not divide the width 10/],
    [{ seed: Number.NaN }, 'invalid-argument', /seed/],
  ] as const)('%o → %s', (change, code, message) => {
    const err = engineError(() => validateConfig({ ...small, ...change }));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
    expect(engineError(() => createModel({ ...small, ...change })).code).toBe(code);
  });
});

describe('runModel', () => {
  it('empty or whitespace-only text throws empty-input', () => {
    expect(engineError(() => runModel('', small)).code).toBe('empty-input');
    expect(engineError(() => runModel('   ', small)).code).toBe('empty-input');
  });

  it('returns layers × heads attention weights whose rows sum to 1', () => {
    const run = runModel('The cat sat on the mat.', small);
    expect(run.tokens.map((t) => t.text)).toEqual(['The', 'cat', 'sat', 'on', 'the', 'mat', '.']);
    expect(run.layers).toHaveLength(2);
    for (const layer of run.layers) {
      expect(layer.attention.heads).toHaveLength(4);
      for (const head of layer.attention.heads) {
        expect([head.weights.rows, head.weights.cols]).toEqual([7, 7]);
        for (const s of rowSums(head.weights)) expect(Math.abs(s - 1)).toBeLessThanOrEqual(1e-6);
      }
    }
    expect([run.layers[1].output.rows, run.layers[1].output.cols]).toEqual([7, 16]);
  });

  it('is deterministic: the same text and config give the same output', () => {
    const a = runModel('same text', small).layers[1].output.data;
    const b = runModel('same text', small).layers[1].output.data;
    expect(a).toEqual(b);
  });

  it('positional encoding is added to the embeddings unless switched off', () => {
    const on = runModel('a b', small);
    const off = runModel('a b', small, { positionalEncoding: false });
    expect(off.input).toBe(off.embeddings);
    expect(on.input.data[1]).toBeCloseTo(on.embeddings.data[1] + 1, 5); // PE(0, 1) = cos 0 = 1
  });

  it('passes normFirst, residual and scale through to every layer', () => {
    const run = runModel('one two three', small, { normFirst: true, residual: false, scale: false });
    for (const layer of run.layers) {
      expect(layer.normFirst).toBe(true);
      expect(layer.residual).toBe(false);
      for (const head of layer.attention.heads) expect(head.scaleFactor).toBe(1);
    }
    expect(run.layers[1].output.data).not.toEqual(runModel('one two three', small).layers[1].output.data);
  });

  it('passes the mask spec through: causal weights are zero above the diagonal in every layer and head', () => {
    const run = runModel('one two three four', small, { mask: { causal: true } });
    for (const layer of run.layers) for (const head of layer.attention.heads) expect(head.weights.data[0 * 4 + 3]).toBe(0);
  });

  it('truncates past 512 tokens when asked, and says so', () => {
    const text = Array.from({ length: 600 }, () => 'x').join(' ');
    expect(engineError(() => runModel(text, { ...small, numLayers: 1 })).code).toBe('too-many-tokens');
    const run = runModel(text, { ...small, numLayers: 1 }, { tokenize: { overflow: 'truncate' } });
    expect(run.tokens).toHaveLength(512);
    expect(run.truncated).toBe(true);
    expect(run.totalTokens).toBe(600);
  });

  it('512 tokens complete (E = 64, H = 4, 1 layer)', () => {
    const text = Array.from({ length: 512 }, (_, i) => `t${i % 97}`).join(' ');
    const run = runModel(text, { embedDim: 64, numHeads: 4, numLayers: 1, seed: 1 });
    expect(run.tokens).toHaveLength(512);
    const out = run.layers[0].output;
    expect([out.rows, out.cols]).toEqual([512, 64]);
    expect(out.data.every(Number.isFinite)).toBe(true);
  });
});

describe('config validation beyond the basics', () => {
  it('rejects a zero or fractional feed-forward width when the model is created', () => {
    expect(() => createModel({ embedDim: 8, numHeads: 2, numLayers: 1, seed: 1, ffnDim: 0 })).toThrow(/feed-forward width/);
    expect(() => createModel({ embedDim: 8, numHeads: 2, numLayers: 1, seed: 1, ffnDim: 2.5 })).toThrow(/feed-forward width/);
  });
});
