// @vitest-environment node
// The shipped model's file format: a file written from weights reads back to the same model (within float16), and
// every kind of damage is refused with a sentence that says what is wrong — never a model with NaN weights.
import { buildVocabulary, CausalLmModel, EngineError, parseLmModelFile, trainedModelFromBytes, type CausalLmWeights, type LmVocabulary } from '../../../src/engine';
import { float16ToFloat32 } from '../../../src/engine/lm/float16';
import { rebuildFactorisedTable } from '../../../src/engine/lm/modelFile';
import { disableFastAttention, enableFastAttention, wasmProduct } from '../../../src/engine/run/wasmBackend';
import { loadLmFixture } from './causalLmSupport';
import { float32ToHalf, modelFileBytes } from './modelFileBytes';

const vocabulary: LmVocabulary = buildVocabulary(['The cat sat on the mat.', '我爱北京。'], { size: 300 });
const vocabSize = vocabulary.tokens.length;

function weightsFor(size: number): CausalLmWeights {
  const base = loadLmFixture('causal_lm_ablated.json').weights;
  // Give the fixture's model this vocabulary: wte rows cycle through the fixture's own.
  const e = base.embedDim;
  const wte = new Float32Array(size * e);
  for (let r = 0; r < size; r++) wte.set(base.wte.data.subarray((r % base.vocabSize) * e, ((r % base.vocabSize) + 1) * e), r * e);
  return { ...base, vocabSize: size, wte: { rows: size, cols: e, data: wte }, tiedEmbeddings: true, lmHead: undefined };
}

const weights = weightsFor(vocabulary.tokens.length);
const halfRound = (x: number) => float16ToFloat32(Uint16Array.of(float32ToHalf(x)))[0];

describe('float16', () => {
  it('decodes the IEEE half values exactly', () => {
    const bits = Uint16Array.of(0x0000, 0x8000, 0x3c00, 0xbc00, 0x4000, 0x3555, 0x7bff, 0x0001, 0x03ff, 0x0400, 0x7c00, 0xfc00);
    const got = Array.from(float16ToFloat32(bits));
    expect(got.slice(0, 5)).toEqual([0, -0, 1, -1, 2]);
    expect(got[5]).toBeCloseTo(0.333251953125, 12);
    expect(got[6]).toBe(65504);
    expect(got[7]).toBe(2 ** -24);
    expect(got[8]).toBe(1023 * 2 ** -24);
    expect(got[9]).toBe(2 ** -14);
    expect(got.slice(10)).toEqual([Infinity, -Infinity]);
    expect(Number.isNaN(float16ToFloat32(Uint16Array.of(0x7e00))[0])).toBe(true);
  });

  it('round-trips every half value through the test writer', () => {
    for (let h = 0; h < 0x10000; h++) {
      const v = float16ToFloat32(Uint16Array.of(h))[0];
      if (Number.isNaN(v)) continue;
      expect(float32ToHalf(v)).toBe(h);
    }
  });
});

describe('parseLmModelFile', () => {
  it('reads back the model it was written from, to float16 precision, and runs it with its own vocabulary', () => {
    const file = parseLmModelFile(modelFileBytes(weights, vocabulary));
    expect(file.vocabulary.tokens).toEqual(vocabulary.tokens);
    expect(file.weights.vocabSize).toBe(vocabulary.tokens.length);
    expect(Array.from(file.weights.wte.data)).toEqual(Array.from(weights.wte.data, halfRound));
    expect(Array.from(file.weights.layers[1].attention.wK.data)).toEqual(Array.from(weights.layers[1].attention.wK.data, halfRound));
    expect(Array.from(file.weights.layers[0].fc.bias)).toEqual(Array.from(weights.layers[0].fc.bias, halfRound));
    const { model } = trainedModelFromBytes(modelFileBytes(weights, vocabulary));
    expect(model).toBeInstanceOf(CausalLmModel);
    const run = model.run({ text: 'The cat' });
    expect(run.tokens[0].text).toBe('⟨start⟩');
    expect(Array.from(run.logits.data).every(Number.isFinite)).toBe(true);
  });

  const refused: [string, () => ArrayBuffer, RegExp][] = [
    ['an empty file', () => new ArrayBuffer(0), /does not start with ATTNLM01/],
    ['another file type', () => new TextEncoder().encode('<!doctype html><title>404</title>').buffer, /does not start with ATTNLM01/],
    ['a cut-off header', () => modelFileBytes(weights, vocabulary).slice(0, 40), /header claims/],
    ['a file cut short', () => { const b = modelFileBytes(weights, vocabulary); return b.slice(0, b.byteLength - 10); }, /does not fit in the file/],
    ['another format', () => modelFileBytes(weights, vocabulary, { header: (h) => { h.format = 'x'; } }), /format is not/],
    ['a newer version', () => modelFileBytes(weights, vocabulary, { header: (h) => { h.version = 2; } }), /version 2/],
    ['a missing tensor', () => modelFileBytes(weights, vocabulary, { header: (h) => { h.tensors = (h.tensors as { name: string }[]).filter((t) => t.name !== 'lnf_bias'); } }), /lnf_bias is missing/],
    ['a vocabulary of another size', () => modelFileBytes(weights, vocabulary, { header: (h) => { (h.config as Record<string, number>).vocab_size = vocabSize + 1; } }), new RegExp(`vocabulary has ${vocabSize} tokens but the model expects ${vocabSize + 1}`)],
    ['a bad activation', () => modelFileBytes(weights, vocabulary, { header: (h) => { (h.config as Record<string, string>).activation = 'relu'; } }), /activation/],
  ];
  it.each(refused)('refuses %s with a sentence that says so', (_, bytes, message) => {
    let error: unknown = null;
    try {
      parseLmModelFile(bytes());
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toMatch(/^The model file is damaged or not a language-model file: /);
    expect((error as EngineError).message).toMatch(message);
  });

  it('refuses a weight that is Infinity or NaN in the file', () => {
    const bytes = new Uint8Array(modelFileBytes(weights, vocabulary));
    const n = new DataView(bytes.buffer).getUint32(8, true);
    const start = Math.ceil((12 + n) / 8) * 8;
    new DataView(bytes.buffer).setUint16(start + 2 * 5, 0x7c00, true); // wte[0][5] = +Infinity
    expect(() => parseLmModelFile(bytes.buffer)).toThrow(EngineError);
  });
});

describe('a factorised int8 token embedding (a large vocabulary, scripts/lm/export.py)', () => {
  const factor = 4;
  const e = weights.embedDim;
  // Seeded values: q in [-127, 127], scales and the projection exactly representable in float16.
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const q = Int8Array.from({ length: vocabSize * factor }, () => Math.round(next() * 254) - 127);
  const scale = Float32Array.from({ length: vocabSize }, () => halfRound(0.0005 + next() * 0.002));
  const proj = Float32Array.from({ length: factor * e }, () => halfRound(next() * 2 - 1));
  const factorised = { factor, q, scale, proj };

  it('rebuilds wte = (q × row scale) · projection, the V×E table the rest of the engine reads', () => {
    const file = parseLmModelFile(modelFileBytes(weights, vocabulary, { factorised }));
    expect(file.header.config.embed_factor).toBe(factor);
    expect(file.weights.wte.rows).toBe(vocabSize);
    expect(file.weights.wte.cols).toBe(e);
    let worst = 0;
    for (const [v, c] of [[0, 0], [1, 5], [vocabSize - 1, e - 1], [Math.floor(vocabSize / 2), 17]]) {
      let want = 0; // the definition, in float64
      for (let f = 0; f < factor; f++) want += q[v * factor + f] * scale[v] * proj[f * e + c];
      worst = Math.max(worst, Math.abs(file.weights.wte.data[v * e + c] - want));
    }
    expect(worst).toBeLessThan(1e-6);
    const { model } = trainedModelFromBytes(modelFileBytes(weights, vocabulary, { factorised }));
    const run = model.run({ text: 'The cat' });
    expect(Array.from(run.logits.data).every(Number.isFinite)).toBe(true);
  });

  it('keeps the body of the model as it is (only the token table changes)', () => {
    const plain = parseLmModelFile(modelFileBytes(weights, vocabulary));
    const file = parseLmModelFile(modelFileBytes(weights, vocabulary, { factorised }));
    expect(Array.from(file.weights.wpe.data)).toEqual(Array.from(plain.weights.wpe.data));
    expect(Array.from(file.weights.layers[1].fc.weight.data)).toEqual(Array.from(plain.weights.layers[1].fc.weight.data));
  });

  const refused: [string, () => ArrayBuffer, RegExp][] = [
    ['a missing row scale', () => modelFileBytes(weights, vocabulary, { factorised, header: (h) => { h.tensors = (h.tensors as { name: string }[]).filter((t) => t.name !== 'wte_factor_scale'); } }), /wte_factor_scale is missing/],
    ['a factor wider than the model', () => modelFileBytes(weights, vocabulary, { factorised, header: (h) => { (h.config as Record<string, number>).embed_factor = e + 1; } }), /embed_factor/],
    ['a factor that is not a whole number', () => modelFileBytes(weights, vocabulary, { factorised, header: (h) => { (h.config as Record<string, unknown>).embed_factor = 2.5; } }), /embed_factor/],
    ['a table of the wrong shape', () => modelFileBytes(weights, vocabulary, { factorised, header: (h) => { (h.config as Record<string, number>).embed_factor = factor - 1; } }), /wte_factor is/],
    ['an unknown dtype', () => modelFileBytes(weights, vocabulary, { factorised, header: (h) => { (h.tensors as { dtype: string }[])[0].dtype = 'i4'; } }), /malformed/],
    ['a cut-off int8 table', () => modelFileBytes(weights, vocabulary, { factorised, header: (h) => { (h.tensors as { offset: number }[])[0].offset = 1e9; } }), /does not fit in the file/],
  ];
  it.each(refused)('refuses %s with a sentence that says so', (_, bytes, message) => {
    expect(() => parseLmModelFile(bytes())).toThrow(message);
  });

  it('refuses an Infinity scale (the rebuilt table would not be finite)', () => {
    const bad = Float32Array.from(scale);
    bad[3] = Infinity;
    expect(() => parseLmModelFile(modelFileBytes(weights, vocabulary, { factorised: { ...factorised, scale: bad } }))).toThrow(EngineError);
  });

  it('rebuilds the same table on the WebAssembly kernels as in TypeScript (to float rounding)', async () => {
    expect(await enableFastAttention()).toBe(true);
    try {
      const product = wasmProduct();
      expect(product).not.toBeNull();
      const onKernels = rebuildFactorisedTable(Float32Array.from(q), scale, proj, vocabSize, factor, e, product ?? undefined);
      const reference = rebuildFactorisedTable(Float32Array.from(q), scale, proj, vocabSize, factor, e);
      let worst = 0;
      for (let i = 0; i < reference.length; i++) worst = Math.max(worst, Math.abs(onKernels[i] - reference[i]));
      expect(worst).toBeLessThan(1e-6);
      // and the file read with the kernels loaded is that table
      const file = trainedModelFromBytes(modelFileBytes(weights, vocabulary, { factorised }));
      expect(Array.from(file.model.weights.wte.data.subarray(0, 50))).toEqual(Array.from(onKernels.subarray(0, 50)));
    } finally {
      disableFastAttention();
    }
  });
});

