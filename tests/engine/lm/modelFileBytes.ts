// Writes the app's model file format (src/engine/lm/modelFile.ts) from weights, for tests: the shipped files are
// written by scripts/lm/export.py; this is the same layout in TypeScript, so tests can build valid and broken files.
import { LM_MODEL_FORMAT, LM_MODEL_MAGIC, LM_MODEL_VERSION, type CausalLmWeights, type LmVocabulary } from '../../../src/engine';

/** float32 → IEEE half bits, rounding to nearest even; overflow → ±Infinity, NaN kept. */
export function float32ToHalf(value: number): number {
  const f = new Float32Array([value]);
  const x = new Uint32Array(f.buffer)[0];
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 31) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let half = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    if (rest > mid || (rest === mid && (half & 1) === 1)) half++;
    return sign | half;
  }
  // A carry out of the mantissa moves into the exponent, which is the correctly rounded value (up to Infinity).
  let half = (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (half & 1) === 1)) half++;
  return sign | half;
}

/** The model's tensors under their file names, in file order. */
export function tensorsOf(w: CausalLmWeights): [string, number[], Float32Array][] {
  const e = w.embedDim;
  const out: [string, number[], Float32Array][] = [
    ['wte', [w.vocabSize, e], w.wte.data],
    ['wpe', [w.nPositions, e], w.wpe.data],
  ];
  w.layers.forEach((b, i) => {
    const a = b.attention;
    // MhaParams keep PyTorch's layout (out × in, fromPytorchInProj slices in_proj's rows): stack W_q, W_k, W_v back.
    const inProj = Float32Array.from([...a.wQ.data, ...a.wK.data, ...a.wV.data]);
    const outProj = a.wO.data;
    const p = `layers.${i}.`;
    out.push(
      [`${p}ln1_weight`, [e], b.ln1.weight], [`${p}ln1_bias`, [e], b.ln1.bias],
      [`${p}in_proj_weight`, [3 * e, e], inProj], [`${p}in_proj_bias`, [3 * e], Float32Array.from([...a.bQ, ...a.bK, ...a.bV])],
      [`${p}out_proj_weight`, [e, e], outProj], [`${p}out_proj_bias`, [e], a.bO],
      [`${p}ln2_weight`, [e], b.ln2.weight], [`${p}ln2_bias`, [e], b.ln2.bias],
      [`${p}fc_weight`, [w.ffnDim, e], b.fc.weight.data], [`${p}fc_bias`, [w.ffnDim], b.fc.bias],
      [`${p}proj_weight`, [e, w.ffnDim], b.proj.weight.data], [`${p}proj_bias`, [e], b.proj.bias],
    );
  });
  out.push(['lnf_weight', [e], w.lnf.weight], ['lnf_bias', [e], w.lnf.bias]);
  if (w.lmHead) out.push(['lm_head_weight', [w.vocabSize, e], w.lmHead.data]);
  return out;
}

/** A factorised token embedding to write instead of wte: q (V×F int8 values), scale (V), proj (F×E). */
export interface FactorisedTable {
  readonly factor: number;
  readonly q: Int8Array;
  readonly scale: Float32Array;
  readonly proj: Float32Array;
}

export interface ModelFileEdits {
  /** Change the header before it is written. */
  readonly header?: (header: Record<string, unknown>) => void;
  /** Write the token embedding factorised (config.embed_factor), as scripts/lm/export.py does for a large vocabulary. */
  readonly factorised?: FactorisedTable;
}

type Tensor = [string, number[], Float32Array | Int8Array];

/** A whole model file for `w` and `vocabulary`. */
export function modelFileBytes(w: CausalLmWeights, vocabulary: LmVocabulary, edits: ModelFileEdits = {}): ArrayBuffer {
  const f = edits.factorised;
  const tensors: Tensor[] = f
    ? [['wte_factor', [w.vocabSize, f.factor], f.q], ['wte_factor_scale', [w.vocabSize], f.scale], ['wte_proj', [f.factor, w.embedDim], f.proj], ...tensorsOf(w).slice(1)]
    : tensorsOf(w);
  let offset = 0;
  const entries = tensors.map(([name, shape, values]) => {
    const entry = { name, shape, dtype: values instanceof Int8Array ? 'i8' : 'f16', offset };
    offset += Math.ceil((values.length * (values instanceof Int8Array ? 1 : 2)) / 8) * 8;
    return entry;
  });
  const positions = entries.map((entry) => entry.offset); // where the data goes, whatever an edit makes the header say
  const header: Record<string, unknown> = {
    format: LM_MODEL_FORMAT,
    version: LM_MODEL_VERSION,
    config: {
      vocab_size: w.vocabSize, n_positions: w.nPositions, embed_dim: w.embedDim, num_heads: w.numHeads, num_layers: w.numLayers,
      ffn_dim: w.ffnDim, activation: w.activation, layer_norm_eps: w.layerNormEps, tied_embeddings: w.tiedEmbeddings,
      ...(f ? { embed_factor: f.factor } : {}),
    },
    tensors: entries,
    vocabulary,
    training: { note: 'test file' },
  };
  edits.header?.(header);
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((12 + json.length) / 8) * 8;
  const bytes = new Uint8Array(start + offset);
  bytes.set(new TextEncoder().encode(LM_MODEL_MAGIC), 0);
  new DataView(bytes.buffer).setUint32(8, json.length, true);
  bytes.set(json, 12);
  tensors.forEach(([, , values], i) => {
    const at = start + positions[i];
    if (values instanceof Int8Array) bytes.set(new Uint8Array(values.buffer, values.byteOffset, values.length), at);
    else new Uint16Array(bytes.buffer, at, values.length).set(Array.from(values, float32ToHalf));
  });
  return bytes.buffer;
}
