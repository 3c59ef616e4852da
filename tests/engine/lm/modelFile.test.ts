// @vitest-environment node
// The shipped model's file format: a file written from weights reads back to the same model (within float16), and
// every kind of damage is refused with a sentence that says what is wrong — never a model with NaN weights.
import { buildVocabulary, CausalLmModel, EngineError, parseLmModelFile, trainedModelFromBytes, type CausalLmWeights, type LmVocabulary } from '../../../src/engine';
import { float16ToFloat32 } from '../../../src/engine/lm/float16';
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
