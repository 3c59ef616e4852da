import { attentionTraceFromWeights } from '../attention';
import { validateLayerParams, type EncoderLayerParams, type LayerOps } from '../encoderLayer';
import type { FeedForwardParams } from '../feedForward';
import type { LayerNormParams } from '../layerNorm';
import { LazyLogits, referenceLogitRows, type LogitRows } from '../lm/lazyLogits';
import type { MatrixProduct } from '../lm/modelFile';
import type { BlockedMask } from '../masks';
import { concatCols, sliceCols, transpose, zeros, type Matrix } from '../matrix';
import type { MhaParams, MhaTrace } from '../multiHead';
import { fastAttendHeads, fastCombineHeads, fastOutputProjection, fastProjectQkv, prepareMhaParams, type PreparedMhaParams } from '../wasm/fastAttention';
import { fastFeedForward, fastLayerNorm, fastLinearRows, PreparedFeedForward, PreparedLayerNorm, PreparedLinear } from '../wasm/fastLayers';
import { loadWasmKernels, wasmSimdSupported, type WasmKernels } from '../wasm/kernels';
import type { RunBackend } from './backend';

/*
 * The runs' bridge to the WebAssembly SIMD kernels. Once loaded, they compute a layer's self-attention (projections,
 * softmax weights, head outputs, concat · W_o), its LayerNorms and feed-forward network, a head toggle's concat · W_o,
 * and a language model's logits (rows still computed when read). What the views read and the kernels do not produce
 * (scores, scaled and masked logits) the TypeScript engine derives when read. Until the kernels load, or where SIMD
 * is missing, the TypeScript engine computes everything.
 */
let kernels: WasmKernels | null = null;

/** One model's weights in the kernels' memory, each packed the first time a run uses it. */
interface Packed {
  readonly owner: object;
  readonly attention: Map<MhaParams, PreparedMhaParams>;
  readonly layerNorms: Map<LayerNormParams, PreparedLayerNorm>;
  readonly feedForwards: Map<FeedForwardParams, PreparedFeedForward>;
  /** Output embeddings (the logits' W, V × E), by matrix. */
  readonly linears: Map<Matrix, PreparedLinear>;
}

/** The models whose packed weights are kept, most recently used first: as many as the model cache keeps (modelCache.ts). */
const MODELS_KEPT = 2;
let packed: Packed[] = [];

/** Loads the kernels (a few milliseconds); false where WebAssembly SIMD is missing. Runs then use them. */
export async function enableFastAttention(): Promise<boolean> {
  if (kernels) return true;
  if (!wasmSimdSupported()) return false;
  kernels = await loadWasmKernels();
  return true;
}

/** Back to the TypeScript engine (tests compare the two). */
export function disableFastAttention(): void {
  for (const p of packed) release(p);
  packed = [];
  kernels = null;
}

export function fastAttentionEnabled(): boolean {
  return kernels !== null;
}

/** The WebAssembly backend, or null while the kernels are not loaded. */
export function wasmBackend(): RunBackend | null {
  const k = kernels;
  if (!k) return null;
  return {
    name: 'wasm',
    selfAttention: (x, params, mask, owner) => wasmSelfAttention(x, prepared(k, owner, 'attention', params, () => prepareMhaParams(k, params)), mask),
    layerOps: (owner) => wasmLayerOps(k, owner),
    logits: (finalHidden, output, owner) => new LazyLogits(finalHidden, output, wasmLogitRows(k, owner)),
    prepare: (layers, finalNorm, output, owner) => wasmPrepare(k, layers, finalNorm, output, owner),
  };
}

/** Rows of an output embedding packed per step of `prepare`: at 128 columns, about 2 ms of packing. */
const OUTPUT_ROWS_PER_STEP = 4096;

/**
 * `owner`'s weights packed ahead of its first run, in the order a run packs them, one step per layer part and per
 * slice of the output embedding's rows; each layer is checked first, as a layer's first run does. Stops where the
 * kernels are unloaded meanwhile.
 */
function* wasmPrepare(k: WasmKernels, layers: readonly EncoderLayerParams[], finalNorm: LayerNormParams | null, output: Matrix | null, owner: object): Generator<void, void, void> {
  for (const layer of layers) {
    if (kernels !== k) return;
    const p = packedOf(owner);
    if (!p.attention.has(layer.attention) || !p.feedForwards.has(layer.ffn)) validateLayerParams(layer);
    prepared(k, owner, 'layerNorms', layer.norm1, () => PreparedLayerNorm.create(k, layer.norm1));
    prepared(k, owner, 'attention', layer.attention, () => prepareMhaParams(k, layer.attention));
    yield;
    if (kernels !== k) return;
    prepared(k, owner, 'layerNorms', layer.norm2, () => PreparedLayerNorm.create(k, layer.norm2));
    prepared(k, owner, 'feedForwards', layer.ffn, () => PreparedFeedForward.create(k, layer.ffn));
    yield;
  }
  if (kernels !== k) return;
  if (finalNorm) prepared(k, owner, 'layerNorms', finalNorm, () => PreparedLayerNorm.create(k, finalNorm));
  if (!output || packedOf(owner).linears.has(output)) return;
  // A generator left unfinished (return()) hands the return on to this one, which frees its memory.
  const linear = yield* PreparedLinear.createInSlices(k, output, null, 'output embedding', OUTPUT_ROWS_PER_STEP);
  const map = kernels === k ? packedOf(owner).linears : null;
  if (!map || map.has(output)) linear.dispose(); // the kernels were unloaded, or a run packed it meanwhile
  else map.set(output, linear);
}

/** a · b on the kernels' GEMM, in slices of rows (a bounded scratch), or null while the kernels are not loaded. */
export function wasmProduct(): MatrixProduct | null {
  const k = kernels;
  if (!k) return null;
  return (a, b) => {
    // a · b = a · (bᵀ)ᵀ: a linear map whose PyTorch-oriented weight is bᵀ.
    const linear = PreparedLinear.create(k, transpose(b), null, 'factorised table');
    try {
      const out = new Float32Array(a.rows * b.cols);
      const slice = 4096;
      for (let first = 0; first < a.rows; first += slice) {
        const count = Math.min(slice, a.rows - first);
        fastLinearRows(linear, a, first, count, out.subarray(first * b.cols, (first + count) * b.cols));
      }
      return out;
    } finally {
      linear.dispose();
    }
  };
}

function release(p: Packed): void {
  for (const map of [p.attention, p.layerNorms, p.feedForwards, p.linears]) map.forEach((value) => value.dispose());
}

/** `owner`'s packed weights, made the most recently used; the least recently used model's are released past MODELS_KEPT. */
function packedOf(owner: object): Packed {
  const index = packed.findIndex((p) => p.owner === owner);
  if (index >= 0) {
    const [entry] = packed.splice(index, 1);
    packed.unshift(entry);
    return entry;
  }
  const entry: Packed = { owner, attention: new Map(), layerNorms: new Map(), feedForwards: new Map(), linears: new Map() };
  packed.unshift(entry);
  while (packed.length > MODELS_KEPT) release(packed.pop() as Packed);
  return entry;
}

type PackedKind = Exclude<keyof Packed, 'owner'>;
type KeyOf<K extends PackedKind> = Packed[K] extends Map<infer Key, unknown> ? Key : never;
type ValueOf<K extends PackedKind> = Packed[K] extends Map<unknown, infer Value> ? Value : never;

/** The packed copy of `params` for `owner`, packing it on first use. */
function prepared<K extends PackedKind>(k: WasmKernels, owner: object, kind: K, params: KeyOf<K>, create: () => ValueOf<K>): ValueOf<K> {
  if (kernels !== k) throw new Error('wasmBackend: these kernels were unloaded (disableFastAttention); the run should have used the TypeScript backend.');
  const map = packedOf(owner)[kind] as unknown as Map<KeyOf<K>, ValueOf<K>>;
  let p = map.get(params);
  if (!p) {
    p = create();
    map.set(params, p);
  }
  return p;
}

/** LayerNorm, the feed-forward network and a re-combination of heads (a head toggle) on the kernels. */
function wasmLayerOps(k: WasmKernels, owner: object): LayerOps {
  return {
    // Packing validated them (a layer's first run checks them first, before anything of it is packed).
    validateParams: (params) => {
      const p = packedOf(owner);
      if (!p.attention.has(params.attention) || !p.feedForwards.has(params.ffn)) validateLayerParams(params);
    },
    layerNorm: (x, params) => fastLayerNorm(prepared(k, owner, 'layerNorms', params, () => PreparedLayerNorm.create(k, params)), x),
    feedForward: (x, params) => fastFeedForward(prepared(k, owner, 'feedForwards', params, () => PreparedFeedForward.create(k, params)), x),
    combineHeads: (heads, params, disabledHeads) => {
      const concat = concatCols(heads.map((h, i) => (disabledHeads.has(i) ? zeros(h.output.rows, h.output.cols) : h.output)));
      return { concat, output: fastOutputProjection(prepared(k, owner, 'attention', params, () => prepareMhaParams(k, params)), concat) };
    },
  };
}

/**
 * Logits rows on the kernels: one GEMM for the rows asked for (all of them for `data`, one for a prediction), against
 * the output embedding packed once per model. Rows asked for after the kernels were unloaded come from the reference.
 */
function wasmLogitRows(k: WasmKernels, owner: object): LogitRows {
  return (finalHidden, output, first, count, out) => {
    if (kernels !== k) {
      referenceLogitRows(finalHidden, output, first, count, out);
      return;
    }
    const linear = prepared(k, owner, 'linears', output, () => PreparedLinear.create(k, output, null, 'output embedding'));
    fastLinearRows(linear, finalHidden, first, count, out);
  };
}

/** Self-attention of x [L × E] on the kernels, every head on, as the TypeScript engine's MhaTrace (copied out). */
function wasmSelfAttention(x: Matrix, preparedMha: PreparedMhaParams, mask: BlockedMask | null): MhaTrace {
  const projections = fastProjectQkv(preparedMha, x);
  const heads = fastAttendHeads(projections, { mask });
  try {
    const { q, k: keys, v } = projections.toMatrices();
    const weights = heads.weights();
    const outputs = heads.headOutputs();
    const d = preparedMha.headDim;
    const traces = weights.map((w, h) =>
      attentionTraceFromWeights(sliceCols(q, h * d, d), sliceCols(keys, h * d, d), mask, w, outputs[h], heads.fullyMaskedRows, 1 / Math.sqrt(d)),
    );
    const l = projections.tokens;
    const concat: Matrix = { rows: l, cols: preparedMha.embedDim, data: heads.kernels.read(heads.headOutputsPtr, l * preparedMha.embedDim) };
    return { q, k: keys, v, heads: traces, concat, output: fastCombineHeads(heads), disabledHeads: new Set() };
  } finally {
    heads.dispose();
    projections.dispose();
  }
}
