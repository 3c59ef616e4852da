/**
 * `npm run train -- <task> [--steps N] [--seed S]`: trains the task's default model with the project's own engine
 * (the same code the playground runs in its worker) until the held-out token accuracy reaches 99 % or N steps have
 * been taken, printing progress, then writes public/models/<task>.json, the weights file the playground loads.
 * The exported weights are loaded back and evaluated before writing; the file records that accuracy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTrainer, defaultConfig, defaultSettings, trainerFromWeights } from '../src/engine/train/index';
import { isTaskName } from '../src/engine/train/tasks';
import { TASK_NAMES, type EvalResult, type TaskName } from '../src/engine/train/types';
import { decodeWeightsFile, encodeWeightsFile } from '../src/engine/train/weightsFile';

const TARGET_ACCURACY = 0.99;
const DEFAULT_MAX_STEPS = 4000;
const DEFAULT_SEED = 1;
/** Held-out evaluation every this many steps (it is a forward pass over the whole held-out set). */
const EVALUATE_EVERY = 25;

const USAGE = `Usage: npm run train -- <task> [--steps N] [--seed S]\n  task: ${TASK_NAMES.join(', ')}\n  --steps N  at most N training steps (default ${DEFAULT_MAX_STEPS})\n  --seed S   seed of the weights, batches and held-out set (default ${DEFAULT_SEED})`;

interface Options {
  readonly task: TaskName;
  readonly maxSteps: number;
  readonly seed: number;
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

function parseArgs(args: readonly string[]): Options {
  let task: string | undefined;
  let maxSteps = DEFAULT_MAX_STEPS;
  let seed = DEFAULT_SEED;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--steps' || arg === '--seed') {
      const value = Number(args[++i]);
      if (!Number.isSafeInteger(value) || value < (arg === '--steps' ? 1 : 0)) fail(`${arg} needs a whole number, got "${args[i] ?? ''}".`);
      if (arg === '--steps') maxSteps = value;
      else seed = value;
    } else if (arg.startsWith('-')) {
      fail(`Unknown option "${arg}".`);
    } else if (task === undefined) {
      task = arg;
    } else {
      fail(`Only one task at a time, got "${task}" and "${arg}".`);
    }
  }
  if (task === undefined) fail('Which task? Give one of the tasks below.');
  if (!isTaskName(task)) fail(`Unknown task "${task}". The tasks are: ${TASK_NAMES.join(', ')}.`);
  return { task, maxSteps, seed };
}

const percent = (x: number): string => `${(100 * x).toFixed(2)} %`;

function main(): void {
  const { task, maxSteps, seed } = parseArgs(process.argv.slice(2));
  const config = defaultConfig(task);
  const settings = { ...defaultSettings(task), seed };
  console.log(`training ${task}: ${JSON.stringify(config)}`);
  console.log(`settings: ${JSON.stringify(settings)}; stop at ${percent(TARGET_ACCURACY)} held-out token accuracy or ${maxSteps} steps`);
  const trainer = createTrainer(config, settings);
  const started = performance.now();
  let trainMs = 0;
  let last: EvalResult = trainer.evaluate();
  console.log(`step     0  held-out ${percent(last.accuracy)} (chance ≈ ${percent(1 / config.vocab)})`);
  while (trainer.stepCount < maxSteps) {
    const t0 = performance.now();
    const result = trainer.step();
    trainMs += performance.now() - t0;
    if (result.step % EVALUATE_EVERY !== 0 && result.step !== maxSteps) continue;
    last = trainer.evaluate();
    console.log(
      `step ${String(result.step).padStart(5)}  loss ${result.loss.toFixed(4)}  batch ${percent(result.accuracy)}  ` +
        `held-out ${percent(last.accuracy)} (sequences ${percent(last.sequenceAccuracy)})  ${(trainMs / result.step).toFixed(1)} ms/step`,
    );
    if (last.accuracy >= TARGET_ACCURACY) break;
  }
  const reached = last.accuracy >= TARGET_ACCURACY;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    reached
      ? `reached ${percent(last.accuracy)} at step ${last.step} in ${seconds.toFixed(1)} s (${(trainMs / 1000).toFixed(1)} s of it training)`
      : `stopped at the step cap ${trainer.stepCount} with ${percent(last.accuracy)} held-out accuracy, below the ${percent(TARGET_ACCURACY)} target (${seconds.toFixed(1)} s)`,
  );

  // The file records the held-out accuracy of the weights as stored (float32), measured on the reloaded model.
  const exported = decodeWeightsFile(trainer.exportWeights());
  const stored = trainerFromWeights(trainer.exportWeights()).evaluate();
  if (Math.abs(stored.accuracy - last.accuracy) > 0.005) {
    console.error(`The exported weights score ${percent(stored.accuracy)} held-out, not ${percent(last.accuracy)}: the export loses the model.`);
    process.exit(1);
  }
  const file = encodeWeightsFile({ ...exported, step: trainer.stepCount, heldOutAccuracy: stored.accuracy });
  decodeWeightsFile(JSON.parse(JSON.stringify(file)));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const out = path.join(root, 'public', 'models', `${task}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  const text = `${JSON.stringify(file)}\n`;
  writeFileSync(out, text);
  console.log(`wrote ${path.relative(root, out)} (${(text.length / 1024).toFixed(1)} KiB); reloaded, it scores ${percent(stored.accuracy)} held-out`);
}

main();
