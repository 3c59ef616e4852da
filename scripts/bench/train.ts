/**
 * `npm run bench:train`: trains reversal (UvA tutorial 6: 16 digits, 1 layer, 1 head, width 32) with our engine and,
 * in the same run, the same model in TensorFlow.js on its WebAssembly backend, and prints for each: steps to ≥ 99 %
 * held-out token accuracy, the training wall time to that point, ms per step, and the ratio ours ÷ tfjs.
 *
 * Same computation on both sides: tfjs starts from our trainer's initial exportWeights(), gets the same batches
 * (makeBatch on the stream our trainer draws from, checked by comparing the first step's loss) and the same Adam
 * (lr 1e-2, batch 128, same warm-up and global-norm clip), and both are evaluated on the same held-out set.
 * The engines take turns step by step, so a busy machine slows both alike; tfjs runs in a worker thread, so that
 * loading it cannot slow our engine down (train/tfjsInWorker.ts explains how it would). Only step() is timed: evaluation every
 * EVALUATE_EVERY steps is excluded, and "steps to 99 %" is therefore a multiple of EVALUATE_EVERY.
 *
 * When a Python with torch is found (Debian's /usr/bin/python3, or $PYTHON), PyTorch trains the same model too,
 * from the same weights on the same batches with the same Adam and the same evaluation rule (train/torchPeer.ts).
 * It is another process, so it runs after ours and tfjs instead of taking turns with them. Without torch, the
 * issue's PyTorch figure is quoted instead, marked QUOTED.
 *
 * The bench prints which BLAS that PyTorch multiplies with (`pytorch_blas : …`, read from the running process by
 * train/torchBlas.py) and measures PyTorch only on OpenBLAS (Debian's libopenblas0-pthread): on the reference BLAS
 * its times would be several times too slow, so instead of a misleading ratio it says how to install OpenBLAS.
 */
import { createTrainer, defaultConfig, defaultSettings } from '../../src/engine/train/index';
import type { TrainSettings } from '../../src/engine/train/types';
import { decodeWeightsFile } from '../../src/engine/train/weightsFile';
import { benchData } from './train/sameData';
import { startTfjsPeer } from './train/tfjsInWorker';
import { blasLine, blasVerdict, debianPackageInstalled, detectTorch, OPENBLAS_PACKAGE, runTorchPeer, type TorchResult } from './train/torchPeer';

const TARGET_ACCURACY = 0.99;
const EVALUATE_EVERY = 5;
const MAX_STEPS = 600;
/** The issue's PyTorch reference (1 thread, same model and settings); printed when torch cannot be run here. */
const PYTORCH_QUOTED_SECONDS = 2;
/** The issue's goal: ours within this factor of PyTorch's time to 99 %. */
const GOAL_FACTOR = 2;
/** Same weights and batch: the first losses may differ only by float32 rounding (ours may sum in float64). */
const FIRST_LOSS_TOLERANCE = 1e-4;

/** What the summary reports of one engine's run. */
interface Outcome {
  readonly label: string;
  trainMs: number;
  steps: number;
  reachedAt: number | null;
  reachedMs: number;
  accuracy: number;
}

interface Run extends Outcome {
  /** One step: its loss and the milliseconds step() took (measured where the engine runs). */
  step(): Promise<{ loss: number; ms: number }>;
  evaluate(): Promise<number>;
}

async function makeRun(label: string, step: Run['step'], evaluate: Run['evaluate']): Promise<Run> {
  return { label, step, evaluate, trainMs: 0, steps: 0, reachedAt: null, reachedMs: 0, accuracy: await evaluate() };
}

async function takeStep(run: Run): Promise<number> {
  const { loss, ms } = await run.step();
  run.trainMs += ms;
  run.steps += 1;
  return loss;
}

/** The PyTorch peer's result in the summary's terms (it stops at the target, so all its steps count). */
function torchOutcome(result: TorchResult): Outcome {
  const trainMs = 1000 * result.trainSeconds;
  return { label: 'pytorch (1 thread)', trainMs, steps: result.steps, reachedAt: result.stepsTo99, reachedMs: trainMs, accuracy: result.finalAccuracy };
}

function summary(run: Outcome): string {
  const msPerStep = run.trainMs / run.steps;
  if (run.reachedAt === null) {
    return `${run.label.padEnd(22)} not reached in ${run.steps} steps (held-out ${(100 * run.accuracy).toFixed(2)} %), ${(run.trainMs / 1000).toFixed(2)} s training, ${msPerStep.toFixed(1)} ms/step`;
  }
  return `${run.label.padEnd(22)} ${String(run.reachedAt).padStart(4)} steps to ≥ 99 % held-out, ${(run.reachedMs / 1000).toFixed(2)} s training wall time, ${msPerStep.toFixed(1)} ms/step`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = defaultConfig('reversal');
  // The issue's reference setting: batch 128, Adam lr 1e-2; warm-up and clipping as the playground's defaults.
  const settings: TrainSettings = { ...defaultSettings('reversal'), batchSize: 128, learningRate: 1e-2 };
  const ours = createTrainer(config, settings);
  const initial = decodeWeightsFile(ours.exportWeights()).tensors;
  // tfjs in a worker thread of its own, so it never loads into the isolate ours is timed in (tfjsInWorker.ts says why).
  const tfjs = await startTfjsPeer(config, settings, initial);
  console.log(`node ${process.version}, ${process.arch}; one thread per engine, ours on the main thread, tfjs in a worker thread`);
  console.log(`  ${tfjs.info}`);
  console.log(`  model ${JSON.stringify(config)}`);
  console.log(`  settings ${JSON.stringify(settings)}`);
  const torch = detectTorch();
  console.log(
    torch.available
      ? `  pytorch ${torch.version} via ${torch.python}, one thread: measured after ours and tfjs, in its own process`
      : `  pytorch: not measured (${torch.reason}); the issue's figure is quoted instead`,
  );
  // PyTorch is a fair peer only on an optimized BLAS: on Debian's reference BLAS its ratio would flatter ours.
  let torchSkipped: string | null = null;
  if (torch.available) {
    console.log(blasLine(torch.blas));
    const verdict = blasVerdict(torch.blas, debianPackageInstalled(OPENBLAS_PACKAGE));
    if (!verdict.fair) {
      torchSkipped = verdict.why;
      console.log(`  pytorch: NOT measured. ${verdict.why}`);
    }
  }

  const data = benchData(config, settings);
  const oursStep = async (): Promise<{ loss: number; ms: number }> => {
    const t0 = performance.now();
    const loss = ours.step().loss;
    return { loss, ms: performance.now() - t0 };
  };
  const runs = [
    await makeRun('ours (src/engine/train)', oursStep, async () => ours.evaluate().accuracy),
    await makeRun('tfjs-backend-wasm', () => tfjs.step(), () => tfjs.evaluate()),
  ];
  const [oursRun, tfjsRun] = runs;
  console.log(`  held-out ${data.heldOut.batchSize} sequences; step-0 accuracy ours ${(100 * oursRun.accuracy).toFixed(2)} %, tfjs ${(100 * tfjsRun.accuracy).toFixed(2)} % (same weights, same set)\n`);

  const firstLosses = [await takeStep(runs[0]), await takeStep(runs[1])];
  const lossGap = Math.abs(firstLosses[0] - firstLosses[1]);
  console.log(`check: step-1 loss ours ${firstLosses[0].toFixed(6)}, tfjs ${firstLosses[1].toFixed(6)} (|Δ| ${lossGap.toExponential(1)}: same weights, same batch)`);

  for (let round = 2; runs.some((r) => r.reachedAt === null && r.steps < MAX_STEPS); round++) {
    for (const run of runs) {
      if (run.reachedAt !== null || run.steps >= MAX_STEPS) continue;
      if (run.steps % EVALUATE_EVERY === 0) {
        run.accuracy = await run.evaluate();
        if (run.accuracy >= TARGET_ACCURACY) {
          run.reachedAt = run.steps;
          run.reachedMs = run.trainMs;
          continue;
        }
      }
      await takeStep(run);
    }
    if (round % 25 === 0) {
      console.log(`  round ${String(round).padStart(4)}: ${runs.map((r) => `${r.label.split(' ')[0]} step ${r.steps} held-out ${(100 * r.accuracy).toFixed(1)} %`).join(', ')}`);
    }
  }
  for (const run of runs) if (run.reachedAt === null) run.accuracy = await run.evaluate();
  await tfjs.dispose();

  let torchResult: TorchResult | null = null;
  let torchLossGap = 0;
  if (torch.available && torchSkipped === null) {
    console.log('\npytorch: training the same model from the same weights on the same batches, in another process');
    console.log('  (so it cannot take turns with ours and tfjs step by step: it runs now, after them)');
    const torchData = benchData(config, settings);
    const batches = Array.from({ length: MAX_STEPS }, () => torchData.nextBatch());
    try {
      torchResult = runTorchPeer(torch.python, {
        config, settings, initial, batches, heldOut: data.heldOut, evaluateEvery: EVALUATE_EVERY, maxSteps: MAX_STEPS, targetAccuracy: TARGET_ACCURACY,
      });
      torchLossGap = Math.abs(firstLosses[0] - torchResult.stepOneLoss);
      console.log(`  ${torchResult.torch}`);
      console.log(`  the training process's own ${blasLine(torchResult.blas)}`);
      const verdict = blasVerdict(torchResult.blas, debianPackageInstalled(OPENBLAS_PACKAGE));
      if (!verdict.fair) {
        torchSkipped = verdict.why;
        console.log(`  pytorch: its time is not compared. ${verdict.why}`);
      }
      console.log(`check: step-1 loss ours ${firstLosses[0].toFixed(6)}, pytorch ${torchResult.stepOneLoss.toFixed(6)} (|Δ| ${torchLossGap.toExponential(1)}: same weights, same batch)`);
    } catch (error) {
      console.error(`pytorch: the run failed, so PyTorch is not measured: ${String(error)}`);
      process.exitCode = 1;
    }
  }
  const torchRun = torchResult === null || torchSkipped !== null ? null : torchOutcome(torchResult);

  console.log('');
  for (const run of runs) console.log(summary(run));
  if (torchRun) console.log(summary(torchRun));
  console.log('(training time sums step() calls only; evaluating the held-out set every ' + `${EVALUATE_EVERY} steps is excluded)\n`);
  const msRatio = oursRun.trainMs / oursRun.steps / (tfjsRun.trainMs / tfjsRun.steps);
  console.log(`ratio_ms_per_step ours ÷ tfjs : ${msRatio.toFixed(2)}`);
  if (oursRun.reachedAt !== null && tfjsRun.reachedAt !== null) {
    console.log(`ratio_time_to_99 ours ÷ tfjs : ${(oursRun.reachedMs / tfjsRun.reachedMs).toFixed(2)}`);
  } else {
    console.log('ratio_time_to_99 : n/a (an engine did not reach 99 % within the step cap)');
  }
  if (torchRun) {
    console.log(`ratio_ms_per_step ours ÷ pytorch : ${(oursRun.trainMs / oursRun.steps / (torchRun.trainMs / torchRun.steps)).toFixed(2)}`);
    if (oursRun.reachedAt !== null && torchRun.reachedAt !== null) {
      const ratio = oursRun.reachedMs / torchRun.reachedMs;
      console.log(`ratio_time_to_99 ours ÷ pytorch : ${ratio.toFixed(2)}`);
      console.log(
        `goal: ours within ${GOAL_FACTOR}× of PyTorch's time to 99 % (MEASURED above, 1 thread): ` +
          `${(oursRun.reachedMs / 1000).toFixed(2)} s vs ${(torchRun.reachedMs / 1000).toFixed(2)} s = ${ratio.toFixed(2)}× → ${ratio <= GOAL_FACTOR ? 'met' : 'NOT met'}` +
          ` (the issue quoted PyTorch ≈ ${PYTORCH_QUOTED_SECONDS} s)`,
      );
    } else {
      console.log('ratio_time_to_99 ours ÷ pytorch : n/a (an engine did not reach 99 % within the step cap)');
    }
  } else if (torchSkipped !== null) {
    console.log('ratio_ms_per_step ours ÷ pytorch : skipped (PyTorch is not on OpenBLAS)');
    console.log('ratio_time_to_99 ours ÷ pytorch : skipped (PyTorch is not on OpenBLAS)');
    console.log(`pytorch: ${torchSkipped}`);
  } else if (oursRun.reachedAt !== null) {
    console.log(
      `PyTorch (1 thread) ≈ ${PYTORCH_QUOTED_SECONDS} s to > 99 % is the figure QUOTED FROM THE ISSUE, not measured here: ` +
        `ours ${(oursRun.reachedMs / 1000).toFixed(2)} s is ${(oursRun.reachedMs / 1000 / PYTORCH_QUOTED_SECONDS).toFixed(2)}× that figure (goal ≤ ${GOAL_FACTOR}×)`,
    );
  } else {
    console.log(`PyTorch (1 thread) ≈ ${PYTORCH_QUOTED_SECONDS} s to > 99 % is the figure QUOTED FROM THE ISSUE, not measured here.`);
  }
  console.log(`\nbench took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (lossGap > FIRST_LOSS_TOLERANCE) {
    console.error(`The first losses differ by ${lossGap.toExponential(2)} (> ${FIRST_LOSS_TOLERANCE}): the engines did not start from the same computation.`);
    process.exitCode = 1;
  }
  if (torchLossGap > FIRST_LOSS_TOLERANCE) {
    console.error(`Ours and PyTorch's first losses differ by ${torchLossGap.toExponential(2)} (> ${FIRST_LOSS_TOLERANCE}): they did not start from the same computation.`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
