import type { EvalResult, TinyModelConfig, TrainSettings } from '../engine/train/types';
import { appendHalving, appendSteps, EMPTY_STEP_SERIES } from './chartHistory';
import { replacing, unchanged, update } from './connectionSteps';
import type { Effect, MachineState, PageData, Transition, WorkerEvent } from './connectionTypes';
import { defaultPlaygroundParams, normalizeParams } from './playgroundUrl';
import { MAX_CHART_POINTS, type PlaygroundEvent, type PlaygroundParams, type TrainingPoint } from './types';

/*
 * Transitions for what the worker says. The rule for stale answers: every init / load sent is queued in
 * `awaiting`, and until its 'ready' or 'error' arrives only that answer is taken. While an init is awaited, the
 * progress, pauses and samples of the model being replaced are dropped; while only loads are awaited, the model on
 * screen is still the worker's (a file may be refused), so its progress and pauses are still shown. The states
 * table is in connectionMachine.ts.
 */

type Answer<T extends PlaygroundEvent['type']> = Extract<PlaygroundEvent, { type: T }>;

const heldOutPoint = (e: EvalResult): TrainingPoint => ({ step: e.step, loss: e.loss, accuracy: e.accuracy });

/** The params a loaded file was trained with, when the form can show them (within PLAYGROUND_LIMITS). */
function paramsOfFile(config: TinyModelConfig, settings: TrainSettings): PlaygroundParams | null {
  const checked = normalizeParams(
    config.task,
    {
      layers: { value: config.layers, raw: String(config.layers) },
      heads: { value: config.heads, raw: String(config.heads) },
      width: { value: config.width, raw: String(config.width) },
      learningRate: { value: settings.learningRate, raw: String(settings.learningRate) },
      seed: { value: settings.seed, raw: String(settings.seed) },
    },
    { ...defaultPlaygroundParams(config.task), causal: config.causal },
  );
  return checked.notices.length === 0 && config.ffnWidth === 2 * config.width ? checked.params : null;
}

const settleLoad = (state: MachineState): Effect[] => (state.connection.loadWaiting ? [{ type: 'settleLoad' }] : []);

/** The answer to the oldest init / load awaited; taken only when no newer one is on its way. */
function ready(state: MachineState, event: Answer<'ready'>): Transition {
  const [answered, ...rest] = state.connection.awaiting;
  if (rest.length > 0) return unchanged(update(state, {}, { awaiting: rest }));
  const fromFile = event.source === 'file' ? paramsOfFile(event.config, event.settings) : null;
  const shown = update(
    state,
    {
      status: 'ready',
      step: event.step,
      history: [],
      heldOutHistory: [heldOutPoint(event.heldOut)],
      heldOut: event.heldOut,
      sample: event.sample,
      stepsPerSecond: 0,
      config: event.config,
      source: event.source,
      // A new model (fresh or from a file) has every head on.
      headsOff: null,
      error: null,
      ...(fromFile ? { params: fromFile } : {}),
    },
    { awaiting: [], stepSeries: EMPTY_STEP_SERIES, loadWaiting: state.connection.loadWaiting && !(answered === 'load' || event.source === 'file') },
  );
  const effects: Effect[] = fromFile ? [{ type: 'writeUrl', params: fromFile, input: state.page.sampleInput }] : [];
  if (answered === 'load' || event.source === 'file') effects.push(...settleLoad(state));
  return { state: shown, effects };
}

function progress(state: MachineState, event: Answer<'progress'>): Transition {
  if (replacing(state)) return unchanged(state);
  const { page, connection } = state;
  const stepSeries = appendSteps(
    connection.stepSeries,
    event.steps.map((s) => ({ step: s.step, loss: s.loss, accuracy: s.accuracy })),
    MAX_CHART_POINTS,
  );
  const last = event.steps[event.steps.length - 1];
  // While a model is being loaded, or an error is shown, the old model's figures move but the status stays.
  const keepStatus = page.status === 'loading' || page.status === 'building' || page.status === 'error';
  const status: PageData['status'] = event.running && connection.wantsRunning ? 'running' : 'paused';
  return unchanged(
    update(
      state,
      {
        history: stepSeries.points,
        step: last ? last.step : page.step,
        stepsPerSecond: event.stepsPerSecond,
        ...(event.heldOut ? { heldOut: event.heldOut, heldOutHistory: appendHalving(page.heldOutHistory, heldOutPoint(event.heldOut), MAX_CHART_POINTS) } : {}),
        ...(event.sample ? { sample: event.sample } : {}),
        ...(keepStatus ? {} : { status }),
      },
      { stepSeries },
    ),
  );
}

/** An ablation's or an input's evaluation replaces the figures but is not a point of the chart (no step was taken). */
function sample(state: MachineState, event: Answer<'sample'>): Transition {
  if (replacing(state)) return unchanged(state);
  return unchanged(update(state, { sample: event.sample, ...(event.heldOut ? { heldOut: event.heldOut } : {}) }));
}

function paused(state: MachineState, event: Answer<'paused'>): Transition {
  if (replacing(state)) return unchanged(state);
  const { status } = state.page;
  const keep = status === 'loading' || status === 'building' || status === 'error' || state.connection.wantsRunning;
  return unchanged(update(state, { step: event.step, ...(keep ? {} : { status: 'paused' as const }) }));
}

/** Answers the oldest exportWeights promise (the worker answers exports in order; none are dropped as stale). */
function weights(state: MachineState, event: Answer<'weights'>): Transition {
  const waiting = state.connection.exportsWaiting;
  if (waiting === 0) return unchanged(state);
  return { state: update(state, {}, { exportsWaiting: waiting - 1 }), effects: [{ type: 'settleExports', which: 'oldest', file: event.file }] };
}

/** The worker failed: an init or a load on its way will never be answered, nor an export. */
function crash(state: MachineState): Transition {
  const { connection } = state;
  const effects: Effect[] = connection.exportsWaiting > 0 ? [{ type: 'settleExports', which: 'all', file: null }] : [];
  effects.push(...settleLoad(state));
  return { state: update(state, {}, { workerFailed: true, awaiting: [], exportsWaiting: 0, loadWaiting: false }), effects };
}

function error(state: MachineState, event: Answer<'error'>): Transition {
  const crashed = event.crashed ? crash(state) : unchanged(state);
  const s = crashed.state;
  const { awaiting } = s.connection;
  // Only an error that says it answers an init or a load settles one; any other error while one is on its way
  // belongs to the model being replaced (a run that diverged just as Reset was pressed) and is dropped.
  if (event.replyTo === undefined && awaiting.length > 0) return crashed;
  const answered = event.replyTo !== undefined ? awaiting[0] : undefined;
  const rest = event.replyTo !== undefined ? awaiting.slice(1) : awaiting;
  if (rest.length > 0) return { state: update(s, {}, { awaiting: rest }), effects: crashed.effects };
  // A refused file names its problem (translated by the page) and the file; the English message is kept for logs.
  const shownError: PageData['error'] =
    answered === 'load'
      ? { code: 'file', message: event.message, file: s.connection.loadName, ...(event.problem ? { problem: event.problem } : {}) }
      : { code: event.code, message: event.message };
  // A failed init leaves the worker without a model; a refused file or a diverged run keeps the model there.
  const failed = update(
    s,
    { status: 'error', error: shownError, ...(answered === 'init' ? { config: null } : {}) },
    { awaiting: [], wantsRunning: false, ...(answered === 'load' ? { loadWaiting: false } : {}) },
  );
  return { state: failed, effects: [...crashed.effects, ...(answered === 'load' ? settleLoad(s) : [])] };
}

/** What a client said; anything from a client that is no longer the open one is dropped. */
export function reduceWorkerEvent(state: MachineState, { worker, event }: WorkerEvent): Transition {
  if (!state.connection.open || worker !== state.connection.worker) return unchanged(state);
  switch (event.type) {
    case 'ready':
      return ready(state, event);
    case 'progress':
      return progress(state, event);
    case 'sample':
      return sample(state, event);
    case 'paused':
      return paused(state, event);
    case 'weights':
      return weights(state, event);
    case 'error':
      return error(state, event);
  }
}
