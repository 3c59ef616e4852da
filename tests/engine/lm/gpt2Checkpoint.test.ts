import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../src/engine/errors';
import { float32Bytes, gpt2WeightsFromCheckpoint } from '../../../src/engine/lm/gpt2Checkpoint';
import { gpt2ParameterCount, parseGpt2Config } from '../../../src/engine/lm/gpt2Config';
import { readSafetensorsHeader, safetensorsHeaderLength, tensorToFloat32 } from '../../../src/engine/lm/safetensors';
import { mulberry32 } from '../../../src/engine/random';
import { writeSafetensors, type TensorToWrite, type WrittenDtype } from './safetensorsWriter';

// A GPT-2 of 2 layers × 2 heads, E = 8, F = 32, V = 11, C = 6, in Hugging Face's names and Conv1D layouts.
const E = 8;
const F = 32;
const V = 11;
const C = 6;
const N = 2;
const CONFIG = { model_type: 'gpt2', vocab_size: V, n_positions: C, n_ctx: C, n_embd: E, n_layer: N, n_head: 2, n_inner: null, activation_function: 'gelu_new', layer_norm_epsilon: 1e-5 };

function values(n: number, seed: number): number[] {
  const random = mulberry32(seed);
  // Multiples of 1/64 in [-1, 1): exact in F16 and BF16 too, so every dtype reads back the same numbers.
  return Array.from({ length: n }, () => Math.floor(random() * 128 - 64) / 64);
}

function gpt2Tensors(dtype: WrittenDtype = 'F32', prefix = ''): Record<string, TensorToWrite> {
  let seed = 1;
  const t = (shape: number[]): TensorToWrite => ({ shape, values: values(shape.reduce((a, b) => a * b, 1), seed++), dtype });
  const out: Record<string, TensorToWrite> = { [`${prefix}wte.weight`]: t([V, E]), [`${prefix}wpe.weight`]: t([C, E]) };
  for (let i = 0; i < N; i++) {
    const h = `${prefix}h.${i}`;
    Object.assign(out, {
      [`${h}.ln_1.weight`]: t([E]),
      [`${h}.ln_1.bias`]: t([E]),
      [`${h}.attn.bias`]: { shape: [1, 1, C, C], values: Array.from({ length: C * C }, (_, k) => (k % C <= Math.floor(k / C) ? 1 : 0)), dtype: 'U8' },
      [`${h}.attn.masked_bias`]: { shape: [], values: [-1e4], dtype: 'F32' },
      [`${h}.attn.c_attn.weight`]: t([E, 3 * E]),
      [`${h}.attn.c_attn.bias`]: t([3 * E]),
      [`${h}.attn.c_proj.weight`]: t([E, E]),
      [`${h}.attn.c_proj.bias`]: t([E]),
      [`${h}.ln_2.weight`]: t([E]),
      [`${h}.ln_2.bias`]: t([E]),
      [`${h}.mlp.c_fc.weight`]: t([E, F]),
      [`${h}.mlp.c_fc.bias`]: t([F]),
      [`${h}.mlp.c_proj.weight`]: t([F, E]),
      [`${h}.mlp.c_proj.bias`]: t([E]),
    });
  }
  out[`${prefix}ln_f.weight`] = t([E]);
  out[`${prefix}ln_f.bias`] = t([E]);
  return out;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('safetensors reader', () => {
  it('reads the header from the first bytes and decodes F32, F16 and BF16 exactly', () => {
    const exact = [1.5, -0.25, 0, 3.140625, -2, 0.0078125];
    const file = writeSafetensors({
      a: { shape: [2, 3], values: exact, dtype: 'F32' },
      b: { shape: [6], values: exact, dtype: 'F16' },
      c: { shape: [3, 2], values: exact, dtype: 'BF16' },
    });
    const length = safetensorsHeaderLength(file.subarray(0, 8));
    expect((8 + length) % 8).toBe(0);
    const header = readSafetensorsHeader(file);
    expect([...header.tensors.keys()]).toEqual(['a', 'b', 'c']);
    expect(header.tensors.get('c')?.shape).toEqual([3, 2]);
    expect(header.metadata).toEqual({ format: 'pt' });
    for (const name of ['a', 'b', 'c']) {
      const tensor = header.tensors.get(name);
      if (!tensor) throw new Error(name);
      expect([...tensorToFloat32(file, header, tensor)]).toEqual(exact);
    }
  });

  it('refuses what is not safetensors, and a file cut short, with a sentence', () => {
    expect(refusal(() => readSafetensorsHeader(new Uint8Array([1, 2, 3])))).toMatch(/not a safetensors file.*fewer than the 8/);
    const json = new TextEncoder().encode('{"n_embd": 768, "n_layer": 12}');
    expect(refusal(() => readSafetensorsHeader(json))).toMatch(/not a safetensors file/);
    const file = writeSafetensors({ a: { shape: [4, 4], values: values(16, 3) } });
    expect(refusal(() => readSafetensorsHeader(file.subarray(0, file.length - 5)))).toMatch(/cut short.*need \d+ bytes but it has/);
    const badJson = file.slice();
    badJson[9] = 0x7b; // '{{' is no JSON
    expect(refusal(() => readSafetensorsHeader(badJson))).toMatch(/header is not valid UTF-8 JSON/);
  });

  it('refuses offsets that do not match the shape, and dtypes it cannot decode', () => {
    const file = writeSafetensors({ a: { shape: [2, 2], values: [1, 2, 3, 4] } });
    const text = new TextDecoder().decode(file).replace('"shape":[2,2]', '"shape":[2,3]');
    expect(refusal(() => readSafetensorsHeader(new TextEncoder().encode(text)))).toMatch(/"a" \(F32 \[2, 3\]\) should take 24 bytes but its offsets span 16/);
    const u8 = writeSafetensors({ mask: { shape: [2], values: [1, 0], dtype: 'U8' } });
    const header = readSafetensorsHeader(u8);
    const mask = header.tensors.get('mask');
    if (!mask) throw new Error('mask');
    expect(refusal(() => tensorToFloat32(u8, header, mask))).toMatch(/"mask" is U8; only F32, F16 and BF16/);
  });
});

describe('GPT-2 config.json', () => {
  it('reads the gpt2 repository config, n_inner null meaning 4 × n_embd and gelu_new meaning tanh GELU', () => {
    const gpt2 = { activation_function: 'gelu_new', architectures: ['GPT2LMHeadModel'], layer_norm_epsilon: 1e-5, model_type: 'gpt2', n_ctx: 1024, n_embd: 768, n_head: 12, n_layer: 12, n_positions: 1024, vocab_size: 50257 };
    const c = parseGpt2Config(gpt2);
    expect(c).toEqual({ vocabSize: 50257, nPositions: 1024, embedDim: 768, numHeads: 12, numLayers: 12, ffnDim: 3072, layerNormEps: 1e-5, activation: 'gelu_tanh', tiedEmbeddings: true });
    // GPT-2 small: 124,439,808 weights (the figure Hugging Face's model card gives as 124 M).
    expect(gpt2ParameterCount(c)).toBe(124_439_808);
  });

  it('refuses configs it cannot compute, naming the field', () => {
    expect(refusal(() => parseGpt2Config({ ...CONFIG, n_embd: undefined }))).toMatch(/no "n_embd"/);
    expect(refusal(() => parseGpt2Config({ ...CONFIG, activation_function: 'relu' }))).toMatch(/activation_function "relu"/);
    expect(refusal(() => parseGpt2Config({ ...CONFIG, model_type: 'llama' }))).toMatch(/"llama" model; only GPT-2/);
    expect(refusal(() => parseGpt2Config({ ...CONFIG, n_head: 3 }))).toMatch(/n_embd \(8\) is not a multiple of n_head \(3\)/);
    expect(refusal(() => parseGpt2Config({ ...CONFIG, scale_attn_by_inverse_layer_idx: true }))).toMatch(/layer number/);
    expect(refusal(() => parseGpt2Config([1, 2]))).toMatch(/not a JSON object/);
  });
});

describe('gpt2WeightsFromCheckpoint', () => {
  it('turns Conv1D weights (input × output) into the engine layout and splits c_attn into q | k | v', () => {
    const tensors = gpt2Tensors();
    const w = gpt2WeightsFromCheckpoint(writeSafetensors(tensors), CONFIG);
    expect(w).toMatchObject({ vocabSize: V, nPositions: C, embedDim: E, numHeads: 2, numLayers: N, ffnDim: F, activation: 'gelu_tanh', tiedEmbeddings: true });
    const cAttn = tensors['h.1.attn.c_attn.weight'].values;
    const layer = w.layers[1];
    for (let i = 0; i < E; i++) {
      for (let o = 0; o < E; o++) {
        // Conv1D: y[o] = Σ_i x[i]·W[i][o]; nn.Linear: y[o] = Σ_i x[i]·W[o][i].
        expect(layer.attention.wQ.data[o * E + i]).toBe(cAttn[i * 3 * E + o]);
        expect(layer.attention.wK.data[o * E + i]).toBe(cAttn[i * 3 * E + E + o]);
        expect(layer.attention.wV.data[o * E + i]).toBe(cAttn[i * 3 * E + 2 * E + o]);
      }
    }
    expect([...layer.attention.bV]).toEqual(Array.from(tensors['h.1.attn.c_attn.bias'].values).slice(2 * E));
    const cFc = tensors['h.0.mlp.c_fc.weight'].values;
    expect(w.layers[0].fc.weight.data[5 * E + 3]).toBe(cFc[3 * F + 5]);
    const cProj = tensors['h.0.mlp.c_proj.weight'].values;
    expect(w.layers[0].proj.weight.data[2 * F + 17]).toBe(cProj[17 * E + 2]);
    expect([...w.lnf.bias]).toEqual(Array.from(tensors['ln_f.bias'].values));
    expect(w.layers[0].ln1.eps).toBe(1e-5);
  });

  it('reads F16 and BF16 checkpoints to the same weights', () => {
    const f32 = gpt2WeightsFromCheckpoint(writeSafetensors(gpt2Tensors('F32')), CONFIG);
    for (const dtype of ['F16', 'BF16'] as const) {
      const w = gpt2WeightsFromCheckpoint(writeSafetensors(gpt2Tensors(dtype)), CONFIG);
      expect([...w.layers[1].proj.weight.data]).toEqual([...f32.layers[1].proj.weight.data]);
      expect([...w.wte.data]).toEqual([...f32.wte.data]);
    }
  });

  it('opens a GPT2LMHeadModel save ("transformer." keys); lm_head is used only when config.json unties it', () => {
    const plain = gpt2WeightsFromCheckpoint(writeSafetensors(gpt2Tensors()), CONFIG);
    const prefixed = gpt2Tensors('F32', 'transformer.');
    const otherHead = { 'lm_head.weight': { shape: [V, E], values: values(V * E, 99) } };
    // Tied by default, as transformers ties lm_head to wte on load whatever the file stores.
    const tied = gpt2WeightsFromCheckpoint(writeSafetensors({ ...prefixed, ...otherHead }), CONFIG);
    expect(tied.tiedEmbeddings).toBe(true);
    expect(tied.lmHead).toBeUndefined();
    expect([...tied.layers[0].attention.wO.data]).toEqual([...plain.layers[0].attention.wO.data]);
    const untied = gpt2WeightsFromCheckpoint(writeSafetensors({ ...prefixed, ...otherHead }), { ...CONFIG, tie_word_embeddings: false });
    expect(untied.tiedEmbeddings).toBe(false);
    expect(untied.lmHead?.data[7]).toBe(values(V * E, 99)[7]);
    expect(refusal(() => gpt2WeightsFromCheckpoint(writeSafetensors(prefixed), { ...CONFIG, tie_word_embeddings: false }))).toMatch(/unties the output embedding.*no "lm_head\.weight"/);
  });

  it('refuses a missing tensor, a wrong shape, extra layers, a truncated file and NaN weights, each with a sentence', () => {
    const tensors = gpt2Tensors();
    const without = { ...tensors };
    delete without['h.1.mlp.c_fc.bias'];
    expect(refusal(() => gpt2WeightsFromCheckpoint(writeSafetensors(without), CONFIG))).toMatch(/"h\.1\.mlp\.c_fc\.bias" is missing/);
    expect(refusal(() => gpt2WeightsFromCheckpoint(writeSafetensors(tensors), { ...CONFIG, n_embd: 16 }))).toMatch(/"wte\.weight" is \[11, 8\] but config\.json's sizes make it \[11, 16\]/);
    expect(refusal(() => gpt2WeightsFromCheckpoint(writeSafetensors(tensors), { ...CONFIG, n_layer: 1 }))).toMatch(/tensors a GPT-2 of config\.json's size does not: "h\.1\.ln_1\.weight".*n_layer/);
    const file = writeSafetensors(tensors);
    expect(refusal(() => gpt2WeightsFromCheckpoint(file.subarray(0, file.length - 100), CONFIG))).toMatch(/cut short/);
    const poisoned = gpt2Tensors();
    const fc = Array.from(poisoned['h.0.mlp.c_fc.weight'].values);
    fc[40] = Number.NaN;
    poisoned['h.0.mlp.c_fc.weight'] = { ...poisoned['h.0.mlp.c_fc.weight'], values: fc };
    expect(refusal(() => gpt2WeightsFromCheckpoint(writeSafetensors(poisoned), CONFIG))).toMatch(/"h\.0\.mlp\.c_fc\.weight" holds NaN at element 40/);
    expect(refusal(() => gpt2WeightsFromCheckpoint(writeSafetensors({ 'model.embed_tokens.weight': { shape: [V, E], values: values(V * E, 1) } }), CONFIG))).toMatch(/no token embedding "wte\.weight".*"model\.embed_tokens\.weight"/);
  });

  it('says how many bytes the weights take as float32, buffers excluded', () => {
    const header = readSafetensorsHeader(writeSafetensors(gpt2Tensors('F16')));
    const c = parseGpt2Config(CONFIG);
    expect(float32Bytes(header)).toBe(4 * gpt2ParameterCount(c));
  });
});
