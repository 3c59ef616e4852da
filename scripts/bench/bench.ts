/**
 * `npm run bench`: multi-head self-attention forward (no mask, all heads) timed in our WebAssembly SIMD engine,
 * in the peers a web developer would pick (tfjs-backend-wasm, onnxruntime-web; one thread each) and in the
 * TypeScript reference, for each (L, E, H) of problems.ts. Every peer's output is checked against ours first, so
 * the times compare the same computation. Prints a table of medians and GFLOP/s, then one ratio line per size and
 * peer (our median ÷ theirs), then what the cached stages save. Then the language model's whole forward (token ids →
 * logits) against onnxruntime-web running the same decoder graph (lmBench.ts), with `ratio_lm_vs_ort_wasm` lines.
 * Last, a decoder of GPT-2 small's shape (random weights, 124 M parameters, L = 64) against onnxruntime-web on the
 * same graph with a head_gate input (gpt2Bench.ts): a one-off `gpt2_load_ms` line (ORT's session creation, our first
 * call that packs the weights), then `gpt2_first_run` (ids → every logit) and `gpt2_toggle_layer0` / `_layer11`
 * (one head off: ours recomputes from that layer on, ORT reruns the graph with the head's gate at 0), each with
 * `ratio_…_vs_ort_wasm` and `…_median_ms` lines.
 *
 * `npm run bench -- --quick` (or BENCH_QUICK=1) takes only a few samples of everything: a check that the bench runs,
 * not a measurement. `npm run bench -- --lm` (or BENCH_LM=1) runs only the language-model part, `-- --gpt2` (or
 * BENCH_GPT2=1) only the GPT-2 part; both flags run both.
 */
import { maxAbsDifference, type Matrix } from '../../src/engine/matrix';
import { multiHeadAttention } from '../../src/engine/multiHead';
import { fastMultiHeadAttention, prepareMhaParams } from '../../src/engine/wasm/fastAttention';
import type { WasmKernels } from '../../src/engine/wasm/kernels';
import { benchGpt2, type Gpt2BenchResult } from './gpt2Bench';
import { benchLanguageModel, type LmBenchResult } from './lmBench';
import { oursWasm } from './peers/ours';
import { ortWasm } from './peers/ort';
import { tsReference } from './peers/reference';
import { tfjsWasm } from './peers/tfjs';
import type { Implementation, PreparedRun } from './peers/types';
import { makeProblem, mhaFlops, SIZES, type Problem } from './problems';
import { formatMs, formatTable, ratioLine, type Row } from './report';
import { timeStagedRecompute } from './staged';
import { timeInterleaved, timeTask, type Timing, type TimingBudget } from './timing';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
/** --lm: only the language model's forward against onnxruntime-web (the multi-head sizes are skipped). */
const LM_ONLY = process.argv.includes('--lm') || process.env.BENCH_LM === '1';
/** --gpt2: only the GPT-2-shaped decoder against onnxruntime-web. */
const GPT2_ONLY = process.argv.includes('--gpt2') || process.env.BENCH_GPT2 === '1';
/** Which parts run: all by default; --lm and --gpt2 pick theirs (both flags: both). */
const PARTS = { mha: !LM_ONLY && !GPT2_ONLY, lm: LM_ONLY || !GPT2_ONLY, gpt2: GPT2_ONLY || !LM_ONLY } as const;
/** --quick: a few samples each, no sampling time to fill; the numbers only show that every part runs. */
const QUICK_BUDGET: TimingBudget = { warmupMs: 50, minSamples: 3, maxSamples: 3, sampleMs: 0, batchMs: 5 };
/** Warm-up lets V8 tier the wasm and JS up to its optimizing compiler before any sample counts. */
const BUDGET: TimingBudget = QUICK ? QUICK_BUDGET : { warmupMs: 500, minSamples: 9, maxSamples: 80, sampleMs: 3000, batchMs: 25 };
/** The reference takes seconds per call at L = 512: a few single calls are enough for context. */
const REFERENCE_BUDGET: TimingBudget = { warmupMs: 0, minSamples: QUICK ? 1 : 3, maxSamples: QUICK ? 1 : 3, sampleMs: 0, batchMs: 0 };
const STAGED_BUDGET: TimingBudget = QUICK ? QUICK_BUDGET : { warmupMs: 300, minSamples: 7, maxSamples: 40, sampleMs: 800, batchMs: 25 };
/** The language model's forward: tens of ms a call at L = 128 (both sides), so fewer samples than the small problems. */
const LM_BUDGET: TimingBudget = QUICK ? QUICK_BUDGET : { warmupMs: 500, minSamples: 9, maxSamples: 40, sampleMs: 3000, batchMs: 25 };
/** GPT-2's shape: ~1 s a call or more on either side, so two warm-up calls and 7 single-call samples per case. */
const GPT2_BUDGET: TimingBudget = QUICK ? QUICK_BUDGET : { warmupMs: 0, minSamples: 7, maxSamples: 7, sampleMs: 0, batchMs: 0 };
/** The peers compute in float32 with their own summation orders; anything above this is a different computation. */
const MATCH_TOLERANCE = 1e-4;

function asMatrix(data: Float32Array, rows: number, cols: number): Matrix {
  return { rows, cols, data };
}

/** Our output and weights against the reference engine: the fast path must be the same computation. */
function checkOursAgainstReference(kernels: WasmKernels, problem: Problem): { output: number; weights: number } {
  const prepared = prepareMhaParams(kernels, problem.params);
  try {
    const fast = fastMultiHeadAttention(kernels, problem.x, prepared);
    const ref = multiHeadAttention(problem.x, problem.params);
    const weights = Math.max(...ref.heads.map((h, i) => maxAbsDifference(h.weights, fast.weights[i])));
    return { output: maxAbsDifference(ref.output, fast.output), weights };
  } finally {
    prepared.dispose();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const ours = oursWasm();
  const peers: Implementation[] = [tfjsWasm(), ortWasm()];
  const reference = tsReference();
  const all: Implementation[] = [ours, ...peers, reference];
  const only = `${LM_ONLY ? '; --lm: the language model only' : ''}${GPT2_ONLY ? '; --gpt2: the GPT-2 shape only' : ''}`;
  console.log(`node ${process.version}, ${process.arch}; one thread per implementation${QUICK ? '; --quick: a few samples each, NOT a measurement' : ''}${only}`);
  if (PARTS.mha) {
    for (const impl of all) console.log(`  ${await impl.init()}`);
    console.log('FLOPs per forward = 8·L·E² + 4·L²·E (projections and the two attention products)\n');
  }

  const rows: Row[] = [];
  const ratios: string[] = [];
  const checks: string[] = [];
  const staged: string[] = [];
  let mismatch = false;

  for (const [l, e, h] of PARTS.mha ? SIZES : []) {
    const problem = makeProblem(l, e, h);
    const flops = mhaFlops(problem);
    const oursRun = await ours.prepare(problem);
    const oursOutput = asMatrix(await oursRun.output(), l, e);
    const refCheck = checkOursAgainstReference(ours.kernels(), problem);
    checks.push(
      `check L=${l}: ours vs ts reference max|Δ| output ${refCheck.output.toExponential(2)}, weights ${refCheck.weights.toExponential(2)}`,
    );
    if (refCheck.output > MATCH_TOLERANCE || refCheck.weights > MATCH_TOLERANCE) mismatch = true;

    // Prepare and check every implementation, then time ours and the peers interleaved, the reference on its own.
    const runs = new Map<Implementation, PreparedRun>([[ours, oursRun]]);
    const diffs = new Map<Implementation, number>([[ours, refCheck.output]]);
    for (const impl of [...peers, reference]) {
      const run = await impl.prepare(problem);
      runs.set(impl, run);
      const diff = maxAbsDifference(oursOutput, asMatrix(await run.output(), l, e));
      diffs.set(impl, diff);
      if (impl === reference) continue; // already compared above, output and weights
      checks.push(`check L=${l}: ${impl.label} vs ours max|Δ| output ${diff.toExponential(2)}`);
      if (diff > MATCH_TOLERANCE) mismatch = true;
    }
    const timed = [ours, ...peers];
    const timings = new Map<Implementation, Timing>();
    const interleaved = await timeInterleaved(timed.map((impl) => () => runs.get(impl)?.run()), BUDGET);
    timed.forEach((impl, i) => timings.set(impl, interleaved[i]));
    timings.set(reference, await timeTask(() => runs.get(reference)?.run(), REFERENCE_BUDGET));
    for (const impl of all) {
      const timing = timings.get(impl);
      if (!timing) continue;
      rows.push({
        label: impl.label,
        tokens: l,
        embedDim: e,
        numHeads: h,
        medianMs: timing.medianMs,
        minMs: timing.minMs,
        gflops: flops / (timing.medianMs * 1e6),
        samples: `${timing.samples}×${timing.callsPerSample}`,
        maxAbsDiff: diffs.get(impl) ?? NaN,
        diffAgainst: impl === ours ? 'ts ref' : 'ours',
      });
    }
    console.log(`  timed L=${l}: ${all.map((impl) => `${impl.label} ${formatMs(timings.get(impl)?.medianMs ?? NaN)} ms`).join(', ')}`);
    for (const impl of [...peers, reference]) await runs.get(impl)?.dispose();
    const medians = new Map(all.map((impl) => [impl.id, timings.get(impl)?.medianMs ?? NaN] as const));
    oursRun.dispose();
    const oursMs = medians.get(ours.id) ?? NaN;
    for (const peer of peers) ratios.push(ratioLine(peer.id, l, oursMs, medians.get(peer.id) ?? NaN));

    const st = await timeStagedRecompute(ours.kernels(), problem, STAGED_BUDGET);
    staged.push(
      `staged_recompute L=${l} : head toggle ${formatMs(st.headToggle.medianMs)} ms, mask change ${formatMs(st.maskChange.medianMs)} ms, ` +
        `full forward ${formatMs(oursMs)} ms (a toggle is ${(oursMs / st.headToggle.medianMs).toFixed(1)}× faster than a forward)`,
    );
  }

  let lm: LmBenchResult | null = null;
  if (PARTS.lm) {
    console.log('\nlanguage model: token ids → logits, whole forward');
    lm = await benchLanguageModel(LM_BUDGET);
  }
  let gpt2: Gpt2BenchResult | null = null;
  if (PARTS.gpt2) {
    console.log("\nGPT-2 small's shape, random weights, L = 64: token ids → logits, and head toggles");
    gpt2 = await benchGpt2(GPT2_BUDGET);
  }

  console.log('');
  for (const table of [rows, lm?.rows ?? [], gpt2?.rows ?? []]) {
    if (table.length === 0) continue;
    console.log(formatTable(table));
    console.log('');
  }
  for (const c of [...checks, ...(lm?.checks ?? []), ...(gpt2?.checks ?? [])]) console.log(c);
  for (const part of [ratios, [...(lm?.ratios ?? []), ...(lm?.medians ?? [])], [...(gpt2?.load ?? []), ...(gpt2?.ratios ?? []), ...(gpt2?.medians ?? [])], staged]) {
    if (part.length === 0) continue;
    console.log('');
    for (const line of part) console.log(line);
  }
  console.log(`\nbench took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (mismatch) {
    console.error(`An implementation's output differs from ours by more than ${MATCH_TOLERANCE}: the comparison is not of the same computation.`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
