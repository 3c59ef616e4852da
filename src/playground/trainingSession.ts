import { EngineError } from '../engine/errors';
import { createTrainer, isHeadGrid, isModelInput, readModelFile, refusalOf, trainerFromDecoded, type ModelFileProblem } from '../engine/train';
import type { StepResult, Trainer } from '../engine/train/types';
import { parseCommand } from './protocol';
import { timeoutScheduler, type Scheduler } from './scheduler';
import type { PlaygroundCommand, PlaygroundEvent } from './types';

/*
 * The training loop behind the page, the same in the Web Worker and in the in-process client. Running is a chain
 * of chunks: each chunk trains for about chunkMs of wall time, posts one 'progress' with its steps, and schedules
 * the next chunk, so a 'pause' that arrived meanwhile is handled before the next chunk (within ~chunkMs). The
 * held-out set (512 sequences, a few steps' worth of work) is evaluated and a sample drawn at most every
 * evaluateEveryMs, and always after 'step', 'pause' and 'ready', so the heatmap matches the step counter then.
 */

export interface SessionOptions {
  readonly scheduler?: Scheduler;
  /** Milliseconds; performance.now by default. Tests pass a clock that advances per call. */
  readonly now?: () => number;
  /** Training time per chunk (default 80 ms): long enough to amortise the message, short enough for a prompt pause. */
  readonly chunkMs?: number;
  /** Least time between two held-out evaluations while running (default 150 ms: about a tenth of the training time, and a smooth held-out curve). */
  readonly evaluateEveryMs?: number;
  /** A chunk never takes more steps than this, whatever the clock says (default 500). */
  readonly maxStepsPerChunk?: number;
}

export interface TrainingSession {
  /** Takes one message (untrusted: anything that is not a PlaygroundCommand is answered with 'bad-command'). */
  handle(data: unknown): void;
  /** Stops the loop; later messages are ignored. */
  dispose(): void;
}

const DIVERGED =
  'The training diverged: the loss is no longer a finite number. The learning rate is probably too large; lower it and reset.';

const isFiniteStep = (r: StepResult): boolean => Number.isFinite(r.loss) && Number.isFinite(r.gradNorm) && Number.isFinite(r.accuracy);

export function createTrainingSession(post: (event: PlaygroundEvent) => void, options: SessionOptions = {}): TrainingSession {
  const scheduler = options.scheduler ?? timeoutScheduler;
  const now = options.now ?? (() => performance.now());
  const chunkMs = options.chunkMs ?? 80;
  const evaluateEveryMs = options.evaluateEveryMs ?? 150;
  const maxStepsPerChunk = options.maxStepsPerChunk ?? 500;

  let trainer: Trainer | null = null;
  let running = false;
  let cancelNext: (() => void) | null = null;
  let disposed = false;
  let lastEvaluation = 0;
  /** Steps taken since the last evaluation posted (a pause then posts a fresh one). */
  let stepsSinceEvaluation = 0;
  let stepsPerSecond = 0;
  /** The student's own input for the maps (null: held-out sequence 0); kept across init and load. */
  let sampleInputs: readonly number[] | null = null;

  const stop = (): void => {
    running = false;
    cancelNext?.();
    cancelNext = null;
  };

  /** The init or load being handled, if any: its errors say they answer it. */
  let replyTo: 'init' | 'load' | undefined;
  const fail = (code: 'bad-command' | 'engine' | 'no-model', message: string, problem?: ModelFileProblem): void => {
    if (replyTo === undefined) post({ type: 'error', code, message });
    else if (replyTo === 'load' && problem !== undefined) post({ type: 'error', code, message, replyTo, problem });
    else post({ type: 'error', code, message, replyTo });
  };

  /** Held-out evaluation and the sample: the student's input when it fits this model, else held-out sequence 0. */
  const snapshot = (model: Trainer) => {
    const heldOut = model.evaluate();
    const sample = model.sample(sampleInputs !== null && isModelInput(model.config, sampleInputs) ? sampleInputs : undefined);
    lastEvaluation = now();
    stepsSinceEvaluation = 0;
    return { heldOut, sample };
  };

  const postReady = (model: Trainer, source: 'fresh' | 'file'): void => {
    stepsPerSecond = 0;
    post({ type: 'ready', config: model.config, settings: model.settings, step: model.stepCount, ...snapshot(model), source });
  };

  /** Steps until the chunk's time is up; stops early (and reports) at the first step whose loss is not finite. */
  const trainSteps = (model: Trainer, budgetMs: number, maxSteps: number): { steps: StepResult[]; diverged: boolean } => {
    const steps: StepResult[] = [];
    const start = now();
    let stepTime = 0;
    do {
      const before = now();
      const result = model.step();
      stepTime += now() - before;
      if (!isFiniteStep(result)) return { steps, diverged: true };
      steps.push(result);
      stepsSinceEvaluation += 1;
    } while (steps.length < maxSteps && now() - start < budgetMs);
    stepsPerSecond = stepTime > 0 ? (steps.length * 1000) / stepTime : 0;
    return { steps, diverged: false };
  };

  /** Posts an error for anything a command or a chunk throws, so the loop never dies silently. */
  const guarded = (work: () => void): void => {
    try {
      work();
    } catch (error) {
      stop();
      // A refused model file carries its problem as data, so the page can say it in the student's language.
      if (error instanceof EngineError) fail('engine', error.message, refusalOf(error)?.problem);
      else fail('engine', `Training stopped because of an unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const runChunk = (): void => {
    cancelNext = null;
    if (!running || trainer === null || disposed) return;
    const model = trainer;
    guarded(() => trainChunk(model));
  };

  const trainChunk = (model: Trainer): void => {
    const { steps, diverged } = trainSteps(model, chunkMs, maxStepsPerChunk);
    if (diverged) {
      stop();
      post({ type: 'progress', steps, stepsPerSecond, running: false });
      fail('engine', DIVERGED);
      return;
    }
    const evaluation = now() - lastEvaluation >= evaluateEveryMs ? snapshot(model) : {};
    post({ type: 'progress', steps, ...evaluation, stepsPerSecond, running: true });
    cancelNext = scheduler.schedule(runChunk);
  };

  const commands: { [K in PlaygroundCommand['type']]: (command: Extract<PlaygroundCommand, { type: K }>) => void } = {
    init(command) {
      stop();
      trainer = null;
      trainer = createTrainer(command.config, command.settings);
      postReady(trainer, 'fresh');
    },
    load(command) {
      stop();
      // A bad file throws here (size, depth, JSON, shapes, memory, task: readModelFile) and the previous model stays.
      const loaded = trainerFromDecoded(readModelFile(command.text, command.task));
      trainer = loaded;
      postReady(loaded, 'file');
    },
    start() {
      if (trainer === null) return fail('no-model', 'There is no model to train yet.');
      if (running) return;
      running = true;
      cancelNext = scheduler.schedule(runChunk);
    },
    pause() {
      if (trainer === null) return fail('no-model', 'There is no model to pause.');
      const wasRunning = running;
      stop();
      if (wasRunning && stepsSinceEvaluation > 0) post({ type: 'progress', steps: [], ...snapshot(trainer), stepsPerSecond, running: false });
      post({ type: 'paused', step: trainer.stepCount });
    },
    sample(command) {
      const inputs = command.inputs;
      if (trainer === null || inputs === null) {
        sampleInputs = inputs;
        if (trainer !== null) post({ type: 'sample', sample: trainer.sample() });
        return;
      }
      if (!isModelInput(trainer.config, inputs)) {
        const { seqLen, vocab } = trainer.config;
        return fail('bad-command', `An input for this model is ${seqLen} tokens, each a whole number from 0 to ${vocab - 1}.`);
      }
      sampleInputs = inputs;
      post({ type: 'sample', sample: trainer.sample(inputs) });
    },
    ablate(command) {
      if (trainer === null) return fail('no-model', 'There is no model whose heads could be switched off.');
      const { layers, heads } = trainer.config;
      const off = command.off;
      // Checked here so that a wrong shape is answered without stopping the training (setHeadsOff would throw).
      if (off !== null && !isHeadGrid(trainer.config, off)) {
        return fail('bad-command', `This model has ${layers} × ${heads} heads (layers × heads).`);
      }
      trainer.setHeadsOff(off);
      const { heldOut, sample } = snapshot(trainer);
      post({ type: 'sample', sample, heldOut });
    },
    export() {
      if (trainer === null) return fail('no-model', 'There is no model to save yet.');
      post({ type: 'weights', file: trainer.exportWeights() });
    },
    step() {
      if (trainer === null) return fail('no-model', 'There is no model to train yet.');
      stop();
      const model = trainer;
      const { steps, diverged } = trainSteps(model, 0, 1);
      if (diverged) return fail('engine', DIVERGED);
      post({ type: 'progress', steps, ...snapshot(model), stepsPerSecond, running: false });
    },
  };

  return {
    handle(data) {
      if (disposed) return;
      const command = parseCommand(data);
      const type = typeof data === 'object' && data !== null && 'type' in data ? (data as { type: unknown }).type : undefined;
      replyTo = type === 'init' || type === 'load' ? type : undefined;
      try {
        if (command === null) return fail('bad-command', 'The training worker received a message it does not understand.');
        guarded(() => (commands[command.type] as (c: PlaygroundCommand) => void)(command));
      } finally {
        replyTo = undefined;
      }
    },
    dispose() {
      disposed = true;
      stop();
      trainer = null;
    },
  };
}
