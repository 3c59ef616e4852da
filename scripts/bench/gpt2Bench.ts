/**
 * `npm run bench`'s GPT-2 part (alone: `-- --gpt2`): seeded random weights of GPT-2 small's shape (V 50257, C 1024,
 * E 768, H 12, 12 layers, F 3072, tanh GELU, LayerNorm ε 1e-5, tied embeddings) at L = 64 tokens, ours
 * (`CausalLmModel.runIds`, wasm backend) against onnxruntime-web (wasm, one thread) running lmOnnxGraph.ts' graph of
 * the same weights with its head_gate input ([N × H] floats multiplied onto each head's output before W_o).
 *
 *   load       once: ORT's InferenceSession.create (and its first run) against our first runIds call, which packs
 *              the weights into the kernels' memory and runs one forward. Not part of any median.
 *   first run  ids of new content → every logit [64 × 50257] (ours reads `.data` of its lazy logits, so all rows
 *              are computed, as ORT computes them all); a pool of id sequences, cycled, so no stage cache answers.
 *   toggle     the same ids with one head of layer 0, then of layer 11, off (gpt2Toggle.ts): ours recomputes from
 *              that layer on, ORT reruns the graph with the head's gate at 0.
 *
 * Every timed input is checked first: ORT's logits within LOGITS_TOLERANCE of ours, with all heads on and with each
 * timed head off, or the bench throws. Each implementation holds ~1.5 GB (weights, packed copies, ORT's wasm heap).
 */
import * as ort from 'onnxruntime-web';
import type { CausalLmWeights } from '../../src/engine/lm/causalLmWeights';
import { maxAbsDifference } from '../../src/engine/matrix';
import { activeBackend } from '../../src/engine/run/backend';
import { CausalLmModel } from '../../src/engine/run/causalLmModel';
import { enableFastAttention } from '../../src/engine/run/wasmBackend';
import { gpt2Feeds, gpt2Row, headGate, ORT_ID, ortLogits, rssGb, type Gpt2Context } from './gpt2Shared';
import { benchHeadToggle, TOGGLE_HEADS } from './gpt2Toggle';
import { idPool, LOGITS_TOLERANCE, lmFlops, type LmBenchResult } from './lmBench';
import { buildLmOnnxModel } from './lmOnnxGraph';
import { randomLmWeights, type LmShape } from './randomLmWeights';
import { caseMedianLine, caseRatioLine, formatMs } from './report';
import { timeInterleaved, type TimingBudget } from './timing';

/** GPT-2 small (124 M parameters). */
export const GPT2_SHAPE: LmShape = { vocabSize: 50257, nPositions: 1024, embedDim: 768, numHeads: 12, numLayers: 12, ffnDim: 3072 };
export const GPT2_TOKENS = 64;
const GPT2_SEED = 124;
/** The first and the last block: the longest and the shortest recompute after a toggle. */
export const TOGGLE_LAYERS: readonly number[] = [0, 11];

export interface Gpt2BenchResult extends LmBenchResult {
  /** The one-off load line (gpt2_load_ms …). */
  readonly load: string[];
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);

/** ORT's session over the gated graph; the graph's bytes (~650 MB) are dropped once ORT has its own copy. */
async function createSession(weights: CausalLmWeights, l: number): Promise<{ session: ort.InferenceSession; createMs: number }> {
  let t = performance.now();
  const graph = buildLmOnnxModel(weights, l, { headGate: true });
  console.log(`  ort graph: lmOnnxGraph.ts with head_gate [12 × 12] (Gather → Reshape [H, 1, 1] → Mul on each block's heads before W_o), ${(graph.byteLength / 1e6).toFixed(0)} MB, built in ${seconds(performance.now() - t)} s`);
  t = performance.now();
  const session = await ort.InferenceSession.create(graph, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  return { session, createMs: performance.now() - t };
}

export async function benchGpt2(budget: TimingBudget): Promise<Gpt2BenchResult> {
  if (!(await enableFastAttention())) throw new Error('gpt2 bench: WebAssembly SIMD is missing, so the wasm backend cannot run');
  const backend = activeBackend().name;
  if (backend !== 'wasm') throw new Error(`gpt2 bench: the active backend is ${backend}, not wasm`);
  ort.env.wasm.numThreads = 1; // as the LM part (lmBench.ts) and the multi-head peer
  ort.env.wasm.proxy = false;
  const l = GPT2_TOKENS;

  let t = performance.now();
  const weights = randomLmWeights(GPT2_SHAPE, 'gelu_tanh', GPT2_SEED);
  console.log(`  weights: random, GPT-2 small's shape (V 50257, C 1024, E 768, H 12, 12 layers, F 3072, gelu_tanh, LN ε 1e-5, tied), seed ${GPT2_SEED}; drawn in ${seconds(performance.now() - t)} s, rss ${rssGb()} GB`);
  const { session, createMs: ortCreateMs } = await createSession(weights, l);
  console.log(`  ort: onnxruntime-web ${ort.env.versions.web ?? '?'}, wasm, numThreads ${ort.env.wasm.numThreads}, graphOptimizationLevel all; session created, rss ${rssGb()} GB`);
  try {
    const model = new CausalLmModel(weights);
    const ctx: Gpt2Context = { weights, model, session, tokens: l, budget };
    const pool = idPool(l, weights.vocabSize);
    const allOn = headGate(weights);
    const feeds = pool.map((ids) => gpt2Feeds(ctx, ids, allOn));

    // Load: each side's one-off cost, before any other call.
    t = performance.now();
    if (model.runIds(pool[0]).logits.data.length !== l * weights.vocabSize) throw new Error('gpt2 bench: our logits are not [L × V]');
    const oursLoadMs = performance.now() - t;
    t = performance.now();
    await ortLogits(ctx, feeds[0]);
    const ortFirstRunMs = performance.now() - t;
    console.log(`  ours: CausalLmModel.runIds, backend ${backend}, one thread; first call (packs the weights) done, rss ${rssGb()} GB`);
    const load = [`gpt2_load_ms L=${l} : ours ${formatMs(oursLoadMs)} (first runIds: packs the weights + one forward), ${ORT_ID} ${formatMs(ortCreateMs)} (InferenceSession.create) + ${formatMs(ortFirstRunMs)} (its first run)`];

    // First run: the same computation on every input that will be timed, and every call a cache miss.
    let worst = 0;
    for (let i = 0; i < pool.length; i++) {
      worst = Math.max(worst, maxAbsDifference(model.runIds(pool[i]).logits, { rows: l, cols: weights.vocabSize, data: await ortLogits(ctx, feeds[i]) }));
    }
    const checks = [`check GPT-2 first run L=${l}: onnxruntime-web (head_gate all 1) vs ours max|Δ| logits ${worst.toExponential(2)} over ${pool.length} inputs (tolerance ${LOGITS_TOLERANCE})`];
    if (!(worst <= LOGITS_TOLERANCE)) {
      throw new Error(`gpt2 bench: ORT's logits differ from ours by ${worst.toExponential(3)} (> ${LOGITS_TOLERANCE}): the two do not compute the same decoder, so nothing is timed.`);
    }
    const first = model.runIds(pool[0]);
    for (let i = 1; i < pool.length; i++) model.runIds(pool[i]);
    if (model.runIds(pool[0]).logits === first.logits) throw new Error(`gpt2 bench: a cycle of ${pool.length} id sequences was served from the cache; the timed calls would not recompute`);

    let oursNext = 0;
    let ortNext = 0;
    const [ours, theirs] = await timeInterleaved(
      [() => model.runIds(pool[oursNext++ % pool.length]).logits.data, () => ortLogits(ctx, feeds[ortNext++ % feeds.length])],
      budget,
    );
    console.log(`  timed GPT-2 first run: ours ${formatMs(ours.medianMs)} ms, onnxruntime-web ${formatMs(theirs.medianMs)} ms (medians)`);
    const flops = lmFlops(weights, l);
    const rows = [gpt2Row(ctx, 'ours GPT-2 first run', ours, flops, worst, 'ort'), gpt2Row(ctx, 'onnxruntime-web GPT-2 first run', theirs, flops, worst, 'ours')];
    const ratios = [caseRatioLine('gpt2_first_run', ORT_ID, l, ours.medianMs, theirs.medianMs)];
    const medians = [caseMedianLine('gpt2_first_run', ORT_ID, l, ours.medianMs, theirs.medianMs)];

    console.log(`  toggle: head ${TOGGLE_HEADS.join(', ')} of the layer off in turn, same ids; ours from the cached all-heads layers, ORT the whole graph`);
    for (const layer of TOGGLE_LAYERS) {
      const toggle = await benchHeadToggle(ctx, pool[0], layer);
      rows.push(...toggle.rows);
      checks.push(...toggle.checks);
      ratios.push(toggle.ratio);
      medians.push(toggle.median);
    }
    console.log(`  rss after the GPT-2 part ${rssGb()} GB`);
    return { rows, checks, ratios, medians, load };
  } finally {
    await session.release();
  }
}
