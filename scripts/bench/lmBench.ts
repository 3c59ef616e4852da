/**
 * `npm run bench`'s language-model part: the decoder's full forward, token ids → logits [L × V], in our engine
 * (`CausalLmModel.runIds` on the active backend: every stage on the WebAssembly kernels) against onnxruntime-web
 * (wasm, one thread) running the same decoder as an ONNX graph (lmOnnxGraph.ts), for L = 16, 64 and 128. Our
 * logits are computed row by row when read (LazyLogits); each timed call reads all of them (`.data`), as ORT
 * computes them all.
 *
 * Weights: the shipped model (public/models/lm/model.bin) when it is there, else seeded random weights of its shape.
 * Before timing, ORT's logits must match ours to LOGITS_TOLERANCE on every input that is timed, or the bench throws.
 *
 * Recompute: the model caches each stage on its inputs (the input stage on the ids' content, 2 entries per stage),
 * so each size cycles through POOL id sequences of different content: every call misses every cache and runs the
 * whole forward (embeddings, both blocks, LN_f, logits), as a new prompt would. ORT cycles through the same ids.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import type { CausalLmWeights } from '../../src/engine/lm/causalLmWeights';
import { parseLmModelFile } from '../../src/engine/lm/modelFile';
import { maxAbsDifference } from '../../src/engine/matrix';
import { mulberry32 } from '../../src/engine/random';
import { activeBackend } from '../../src/engine/run/backend';
import { CausalLmModel } from '../../src/engine/run/causalLmModel';
import { enableFastAttention } from '../../src/engine/run/wasmBackend';
import { buildLmOnnxModel, LM_INPUT, LM_OUTPUT } from './lmOnnxGraph';
import { randomLmWeights, type LmShape } from './randomLmWeights';
import { formatMs, lmMedianLine, lmRatioLine, type Row } from './report';
import { timeInterleaved, type TimingBudget } from './timing';

export const LM_SIZES: readonly number[] = [16, 64, 128];
/** Id sequences per size, cycled through; more than the model's 2 cache entries, so no call is served from a cache. */
const POOL = 4;
/** The bound on |ours − ORT| over the logits. */
export const LOGITS_TOLERANCE = 1e-3;
const MODEL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'models', 'lm', 'model.bin');
const RANDOM_SEED = 16;

/** The shipped model's shape (scripts/lm/train.py's configuration), for random weights when the file is absent. */
const SHIPPED_SHAPE: LmShape = { vocabSize: 6144, nPositions: 128, embedDim: 128, numHeads: 4, numLayers: 2, ffnDim: 512 };

export interface LmBenchResult {
  readonly rows: Row[];
  readonly checks: string[];
  readonly ratios: string[];
  /** The medians behind each ratio line (lm_median_ms …). */
  readonly medians: string[];
}

/** GPT-2's initialisation for the shipped shape (randomLmWeights.ts), used while the model file is absent. */
export function randomShippedLmWeights(seed = RANDOM_SEED): CausalLmWeights {
  return randomLmWeights(SHIPPED_SHAPE, 'gelu', seed);
}

/** The shipped model file when present (a damaged file throws: it is not silently replaced), else random weights. */
export function benchLmWeights(): { weights: CausalLmWeights; source: string } {
  if (!existsSync(MODEL_FILE)) {
    return { weights: randomShippedLmWeights(), source: `random weights of the shipped shape, seed ${RANDOM_SEED} (public/models/lm/model.bin is not there yet)` };
  }
  const bytes = readFileSync(MODEL_FILE);
  const file = parseLmModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return { weights: file.weights, source: `the shipped model public/models/lm/model.bin (${(bytes.byteLength / 1e6).toFixed(1)} MB, float16 weights)` };
}

function shapeOf(w: CausalLmWeights): string {
  return `V ${w.vocabSize}, C ${w.nPositions}, E ${w.embedDim}, H ${w.numHeads}, ${w.numLayers} layers, F ${w.ffnDim}, ${w.activation}, LN ε ${w.layerNormEps}, ${w.tiedEmbeddings ? 'tied' : 'untied'} output embedding`;
}

/**
 * Multiply-adds counted as 2 FLOPs, per forward: every block 8·L·E² + 4·L²·E (attention, the full L×L as in the
 * multi-head bench, though half of it is masked) + 4·L·E·F (feed-forward); then 2·L·E·V for the logits.
 */
export function lmFlops(w: CausalLmWeights, l: number): number {
  const { embedDim: e, ffnDim: f, vocabSize: v } = w;
  return w.numLayers * (8 * l * e * e + 4 * l * l * e + 4 * l * e * f) + 2 * l * e * v;
}

/** POOL id sequences of length l, seeded by (l, vocab): each call of a timed cycle gets ids of new content. */
export function idPool(l: number, vocab: number): number[][] {
  const random = mulberry32(l * 104729 + vocab);
  return Array.from({ length: POOL }, () => Array.from({ length: l }, () => Math.floor(random() * vocab)));
}

export async function benchLanguageModel(budget: TimingBudget): Promise<LmBenchResult> {
  if (!(await enableFastAttention())) throw new Error('lm bench: WebAssembly SIMD is missing, so the wasm backend cannot run');
  const backend = activeBackend().name;
  if (backend !== 'wasm') throw new Error(`lm bench: the active backend is ${backend}, not wasm`);
  const { weights, source } = benchLmWeights();
  const model = new CausalLmModel(weights);
  ort.env.wasm.numThreads = 1; // as the multi-head peer (peers/ort.ts); a page without cross-origin isolation gets 1 too
  ort.env.wasm.proxy = false;
  const info = [
    `weights: ${source}`,
    `model: ${shapeOf(weights)}`,
    `ours: CausalLmModel.runIds(ids) → logits, backend ${backend} (attention, LayerNorm, GELU feed-forward and every logits row on the SIMD kernels), ` +
      `one thread; each call gets ids of new content (a pool of ${POOL} per size, cycled), so no stage cache answers it`,
    `ort: onnxruntime-web ${ort.env.versions.web ?? '?'}, wasm, numThreads ${ort.env.wasm.numThreads}, graphOptimizationLevel all, ` +
      'graph Gather + Add, LayerNormalization, MatMul/Add, Softmax with an additive causal mask, Erf GELU, MatMul to [L × V]; same ids',
    `FLOPs per forward = N·(8·L·E² + 4·L²·E + 4·L·E·F) + 2·L·E·V`,
  ];
  for (const line of info) console.log(`  ${line}`); // the set-up: weights, backends, what one call does
  const rows: Row[] = [];
  const checks: string[] = [];
  const ratios: string[] = [];
  const medians: string[] = [];
  for (const l of LM_SIZES) {
    if (l > weights.nPositions) {
      ratios.push(`ratio_lm_vs_ort_wasm L=${l} : n/a (the model takes at most ${weights.nPositions} tokens)`);
      continue;
    }
    const pool = idPool(l, weights.vocabSize);
    const session = await ort.InferenceSession.create(buildLmOnnxModel(weights, l), { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
    try {
      const feeds = pool.map((ids) => ({ [LM_INPUT]: new ort.Tensor('int64', BigInt64Array.from(ids, (id) => BigInt(id)), [l]) }));
      // The same computation, checked on every input that will be timed, before any timing.
      let worst = 0;
      for (let i = 0; i < POOL; i++) {
        const ours = model.runIds(pool[i]).logits;
        const theirs = (await session.run(feeds[i]))[LM_OUTPUT];
        if (theirs.dims.length !== 2 || theirs.dims[0] !== l || theirs.dims[1] !== weights.vocabSize) throw new Error(`lm bench: ORT's logits are [${theirs.dims.join(', ')}], not [${l}, ${weights.vocabSize}]`);
        worst = Math.max(worst, maxAbsDifference(ours, { rows: l, cols: weights.vocabSize, data: theirs.data as Float32Array }));
      }
      checks.push(`check LM L=${l}: onnxruntime-web vs ours max|Δ| logits ${worst.toExponential(2)} over ${POOL} inputs (tolerance ${LOGITS_TOLERANCE})`);
      if (!(worst <= LOGITS_TOLERANCE)) {
        throw new Error(`lm bench: ORT's logits differ from ours by ${worst.toExponential(3)} at L=${l} (> ${LOGITS_TOLERANCE}): the two do not compute the same decoder, so nothing is timed.`);
      }
      // The cycle really recomputes: the same ids again are a cache hit, ids POOL − 1 calls back are not.
      const first = model.runIds(pool[0]);
      if (model.runIds(pool[0]).logits !== first.logits) throw new Error('lm bench: the model no longer caches by ids; the recompute check needs updating');
      for (let i = 1; i < POOL; i++) model.runIds(pool[i]);
      if (model.runIds(pool[0]).logits === first.logits) throw new Error(`lm bench: a cycle of ${POOL} id sequences was served from the cache; the timed calls would not recompute`);

      let oursNext = 0;
      let ortNext = 0;
      const [ours, theirs] = await timeInterleaved(
        [
          () => model.runIds(pool[oursNext++ % POOL]).logits.data, // every row, as ORT computes them
          async () => (await session.run(feeds[ortNext++ % POOL]))[LM_OUTPUT].data,
        ],
        budget,
      );
      const flops = lmFlops(weights, l);
      const row = (label: string, t: typeof ours, against: string): Row => ({
        label,
        tokens: l,
        embedDim: weights.embedDim,
        numHeads: weights.numHeads,
        medianMs: t.medianMs,
        minMs: t.minMs,
        gflops: flops / (t.medianMs * 1e6),
        samples: `${t.samples}×${t.callsPerSample}`,
        maxAbsDiff: worst,
        diffAgainst: against,
      });
      rows.push(row('ours LM (runIds, wasm)', ours, 'ort'), row('onnxruntime-web LM', theirs, 'ours'));
      console.log(`  timed LM L=${l}: ours ${formatMs(ours.medianMs)} ms, onnxruntime-web ${formatMs(theirs.medianMs)} ms (medians)`);
      ratios.push(lmRatioLine('ort_wasm', l, ours.medianMs, theirs.medianMs));
      medians.push(lmMedianLine('ort_wasm', l, ours.medianMs, theirs.medianMs));
    } finally {
      await session.release();
    }
  }
  return { rows, checks, ratios, medians };
}
