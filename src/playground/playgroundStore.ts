import { create } from 'zustand';
import { quoteText, type ModelFileRefusal } from '../engine/train/modelFileProblem';
import { sizeRefusal } from '../engine/train/modelFileText';
import type { EvalResult, TinyModelConfig, TrainSettings, WeightsFile } from '../engine/train/types';
import { truncateLabel } from '../engine/truncate';
import { appendHalving, appendSteps, EMPTY_STEP_SERIES, type StepSeries } from './chartHistory';
import { fetchTrainedModel, trainedModelPath, type FetchLike } from './loadTrainedModel';
import { changeParams, configFromParams, defaultPlaygroundParams, normalizeParams, parsePlaygroundQuery, playgroundHash, PLAYGROUND_ROUTE, sameParams } from './playgroundUrl';
import { createTrainingClient } from './trainingClient';
import {
  MAX_CHART_POINTS,
  type PlaygroundCommand,
  type PlaygroundEvent,
  type PlaygroundParams,
  type PlaygroundState,
  type TrainingClient,
  type TrainingPoint,
} from './types';

/*
 * The playground page's state (the contract is PlaygroundState in types.ts). Only this module talks to the
 * TrainingClient and writes the URL.
 *
 * Lifecycle: the page calls initPlayground(query) when it opens (tests pass an in-process client) and
 * disposePlayground() when it closes; re-initialising disposes the previous client, so no worker is leaked.
 *
 * Status: building (init sent) → ready → running ⇄ paused; stepOnce → paused; reset / setParams → building;
 * loadTrained → loading → ready (source 'file'). Events that answer an older model (the worker may still be
 * posting progress of the previous model when a reset is sent) are ignored: every init / load sent is queued in
 * `awaiting`, and until its 'ready' or 'error' arrives only that answer is taken. While only loads are awaited, the
 * model on screen is still the worker's (a file may be refused), so its last progress and pause are still shown.
 *
 * Errors: a failed fetch ('fetch') or a refused file ('file') sets status 'error' but leaves the previous model in
 * place — config, sample, chart and the worker's trainer are untouched, so Start and Step keep working and the
 * error is cleared by the next action. A failed init ('engine') leaves no model (config null); Reset rebuilds.
 * Model files travel to the worker as text and are checked there (the page never parses one). A command that
 * cannot even be sent (client.send throws) is error 'send': nothing waits for an answer that will not come, so
 * the page never stays in 'loading' or 'building'.
 */

export interface PlaygroundOptions {
  /** fetch for loadTrained (tests pass a fake one). */
  readonly fetchFn?: FetchLike;
  /** What models/<task>.json is resolved against; document.baseURI by default. */
  readonly baseUrl?: string;
  /** The window whose URL is written; the global one by default. */
  readonly win?: Window;
}

interface Connection {
  readonly client: TrainingClient;
  unsubscribe: () => void;
  readonly options: PlaygroundOptions;
  /** The init / load commands sent and not yet answered, oldest first. */
  readonly awaiting: ('init' | 'load')[];
  /** What the user last asked for: Start sets it, Pause / Step / Reset / Load clear it. */
  wantsRunning: boolean;
  stepSeries: StepSeries;
  /** Bumped by every rebuild and load, so a fetch that finishes after a newer action is dropped. */
  generation: number;
  /** Resolves the promise of loadTrained once the worker answered the load. */
  settleLoad: (() => void) | null;
  /** The name of the file of the newest load, as the messages show it. */
  loadName: string;
  /** Resolvers of exportWeights, oldest first, each waiting for a 'weights' event. */
  readonly exportWaiters: ((file: WeightsFile | null) => void)[];
  /** The worker failed (a 'crashed' error): the next rebuild starts a new one. */
  crashed: boolean;
}

let connection: Connection | null = null;

type Data = Omit<
  PlaygroundState,
  'setParams' | 'start' | 'pause' | 'stepOnce' | 'reset' | 'loadTrained' | 'loadFile' | 'refuseFile' | 'exportWeights' | 'dismissNotices' | 'setSampleInput' | 'setHeadOff'
>;

/** Everything about the model, as it is while a fresh one is being built (the settings and the input stay). */
const BUILDING: Omit<Data, 'params' | 'notices' | 'sampleInput'> = {
  status: 'building',
  step: 0,
  history: [],
  heldOutHistory: [],
  heldOut: null,
  sample: null,
  headsOff: null,
  stepsPerSecond: 0,
  config: null,
  source: 'fresh',
  error: null,
};

const INITIAL_DATA: Data = { params: defaultPlaygroundParams(), notices: [], sampleInput: null, ...BUILDING };

const heldOutPoint = (e: EvalResult): TrainingPoint => ({ step: e.step, loss: e.loss, accuracy: e.accuracy });

export const usePlayground = create<PlaygroundState>()((set, get) => ({
  ...INITIAL_DATA,

  setParams(change) {
    const { params, notices } = changeParams(get().params, change);
    set({ notices });
    if (sameParams(params, get().params)) return;
    set({ params });
    writeUrl(params);
    rebuild();
  },

  start() {
    const c = connect();
    const { config, status } = get();
    if (config === null || status === 'building' || status === 'loading') return;
    c.wantsRunning = true;
    set({ status: 'running', error: null });
    send(c, { type: 'start' });
  },

  pause() {
    const c = connect();
    c.wantsRunning = false;
    if (get().status === 'running') set({ status: 'paused' });
    if (get().config !== null) send(c, { type: 'pause' });
  },

  stepOnce() {
    const c = connect();
    const { config, status } = get();
    if (config === null || status === 'building' || status === 'loading') return;
    c.wantsRunning = false;
    set({ error: null, status: 'paused' });
    send(c, { type: 'step' });
  },

  reset() {
    rebuild();
  },

  async loadTrained() {
    const c = connect();
    const generation = ++c.generation;
    const { task } = get().params;
    if (c.wantsRunning || get().status === 'running') send(c, { type: 'pause' });
    c.wantsRunning = false;
    set({ status: 'loading', error: null });
    let text: string;
    try {
      text = await fetchTrainedModel(task, c.options.fetchFn, c.options.baseUrl);
    } catch (error) {
      if (connection !== c || c.generation !== generation) return;
      set({ status: 'error', error: { code: 'fetch', message: error instanceof Error ? error.message : String(error) } });
      return;
    }
    if (connection !== c || c.generation !== generation) return;
    const name = trainedModelPath(task);
    const tooLarge = sizeRefusal(text.length);
    if (tooLarge !== null) return refuse(tooLarge, name);
    await sendLoad(c, { type: 'load', text, task }, name);
  },

  async loadFile(text, name) {
    const c = connect();
    c.generation += 1;
    if (c.wantsRunning || get().status === 'running') send(c, { type: 'pause' });
    c.wantsRunning = false;
    const tooLarge = sizeRefusal(text.length);
    if (tooLarge !== null) return refuse(tooLarge, name);
    set({ status: 'loading', error: null });
    await sendLoad(c, { type: 'load', text }, name);
  },

  refuseFile(refusal, name) {
    get().pause();
    refuse(refusal, name);
  },

  exportWeights() {
    const c = connect();
    if (get().config === null) return Promise.resolve(null);
    return new Promise<WeightsFile | null>((resolve) => {
      c.exportWaiters.push(resolve);
      if (!send(c, { type: 'export' })) {
        c.exportWaiters.splice(c.exportWaiters.indexOf(resolve), 1);
        resolve(null);
      }
    });
  },

  dismissNotices() {
    set({ notices: [] });
  },

  setHeadOff(layer, head, off) {
    const c = connect();
    const { config, headsOff, status } = get();
    if (config === null || status === 'building' || status === 'loading') return;
    if (layer < 0 || layer >= config.layers || head < 0 || head >= config.heads) return;
    const next = Array.from({ length: config.layers }, (_, l) => Array.from({ length: config.heads }, (_, h) => headsOff?.[l]?.[h] ?? false));
    next[layer][head] = off;
    const anyOff = next.some((row) => row.includes(true));
    set({ headsOff: anyOff ? next : null });
    send(c, { type: 'ablate', off: anyOff ? next : null });
  },

  setSampleInput(inputs) {
    const c = connect();
    set({ sampleInput: inputs === null ? null : inputs.slice() });
    writeUrl(get().params);
    send(c, { type: 'sample', inputs: inputs === null ? null : inputs.slice() });
  },
}));

/** A refused file: status 'error' with the problem; the model there was stays (nothing was sent). */
function refuse(refusal: ModelFileRefusal, name: string): void {
  usePlayground.setState({ status: 'error', error: { code: 'file', message: refusal.message, problem: refusal.problem, file: quoteText(name) } });
}

/**
 * Gives the client a command. If that throws (a message the channel cannot carry), the page says so with error
 * 'send' instead of waiting for an answer that will never come; returns whether it was sent.
 */
function send(c: Connection, command: PlaygroundCommand): boolean {
  try {
    c.client.send(command);
    return true;
  } catch (error) {
    c.wantsRunning = false;
    const detail = truncateLabel(error instanceof Error ? error.message : String(error), 80);
    usePlayground.setState({ status: 'error', error: { code: 'send', message: `The training worker could not be given the ${command.type} command: ${detail}` } });
    return false;
  }
}

/** Sends an init or a load and queues it in `awaiting` (taken off again when it could not be sent). */
function sendAwaited(c: Connection, command: Extract<PlaygroundCommand, { type: 'init' | 'load' }>): boolean {
  c.awaiting.push(command.type);
  if (send(c, command)) return true;
  c.awaiting.pop();
  return false;
}

/** Sends a model file's text to the session; resolves when it answered (ready or error), or at once if it could not be sent. */
function sendLoad(c: Connection, command: Extract<PlaygroundCommand, { type: 'load' }>, name: string): Promise<void> {
  return new Promise<void>((resolve) => {
    c.settleLoad?.();
    c.settleLoad = resolve;
    c.loadName = quoteText(name);
    if (!sendAwaited(c, command)) settle(c);
  });
}

/** The current connection, made with the default client if the page acted before initPlayground. */
function connect(): Connection {
  if (connection === null) open(createTrainingClient(), {});
  return connection as Connection;
}

function open(client: TrainingClient, options: PlaygroundOptions): Connection {
  disposePlayground();
  const c: Connection = {
    client,
    unsubscribe: () => undefined,
    options,
    awaiting: [],
    wantsRunning: false,
    stepSeries: EMPTY_STEP_SERIES,
    generation: 0,
    settleLoad: null,
    loadName: '',
    exportWaiters: [],
    crashed: false,
  };
  c.unsubscribe = client.subscribe((event) => {
    if (connection === c) handleEvent(c, event);
  });
  connection = c;
  return c;
}

/**
 * Opens the playground for the query of `#/playground?…`: reads the params (bad values become notices), writes
 * the canonical URL and builds a fresh model. `client` defaults to createTrainingClient() (a Web Worker).
 */
export function initPlayground(query: string, client?: TrainingClient, options: PlaygroundOptions = {}): void {
  const parsed = parsePlaygroundQuery(query);
  const c = open(client ?? createTrainingClient(), options);
  usePlayground.setState({ ...INITIAL_DATA, params: parsed.params, notices: parsed.notices, sampleInput: parsed.input });
  writeUrl(parsed.params);
  // Before the model exists, so the first maps are already of this input.
  if (parsed.input !== null) send(c, { type: 'sample', inputs: parsed.input });
  rebuild();
}

/** Stops training and releases the client (the worker is terminated). Safe to call twice. */
export function disposePlayground(): void {
  const c = connection;
  if (c === null) return;
  connection = null;
  c.unsubscribe();
  c.client.dispose();
  c.settleLoad?.();
  c.settleLoad = null;
  for (const resolve of c.exportWaiters.splice(0)) resolve(null);
}

/** A fresh model for the current params: step 0, chart cleared, 'building' until the worker's 'ready'. */
function rebuild(): void {
  let c = connect();
  // A failed worker may not answer at all: Reset starts a new one (the page's settings stay in the store).
  if (c.crashed) {
    c = open(createTrainingClient(), c.options);
    const input = usePlayground.getState().sampleInput;
    if (input !== null) send(c, { type: 'sample', inputs: input.slice() });
  }
  c.generation += 1;
  c.wantsRunning = false;
  c.stepSeries = EMPTY_STEP_SERIES;
  c.settleLoad?.();
  c.settleLoad = null;
  const { config, settings } = configFromParams(usePlayground.getState().params);
  usePlayground.setState(BUILDING);
  sendAwaited(c, { type: 'init', config, settings });
}

/** history.replaceState to #/playground?… keeping path and search; only while the playground is the page shown. */
function writeUrl(params: PlaygroundParams): void {
  const win = connection?.options.win ?? (typeof window !== 'undefined' ? window : undefined);
  if (win === undefined) return;
  const { pathname, search, hash } = win.location;
  if (hash !== PLAYGROUND_ROUTE && !hash.startsWith(`${PLAYGROUND_ROUTE}?`) && !hash.startsWith(`${PLAYGROUND_ROUTE}/`)) return;
  const next = playgroundHash(params, usePlayground.getState().sampleInput);
  if (hash !== next) win.history.replaceState(win.history.state, '', `${pathname}${search}${next}`);
}

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

/** True while a fresh model is on its way: events of the model being replaced are dropped. */
const replacing = (c: Connection): boolean => c.awaiting.includes('init');

function handleEvent(c: Connection, event: PlaygroundEvent): void {
  const state = usePlayground.getState();
  switch (event.type) {
    case 'ready': {
      const answered = c.awaiting.shift();
      if (c.awaiting.length > 0) return; // a newer init / load is on its way
      c.stepSeries = EMPTY_STEP_SERIES;
      const fromFile = event.source === 'file' ? paramsOfFile(event.config, event.settings) : null;
      usePlayground.setState({
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
      });
      if (fromFile) writeUrl(fromFile);
      if (answered === 'load' || event.source === 'file') settle(c);
      return;
    }
    case 'progress': {
      if (replacing(c)) return;
      c.stepSeries = appendSteps(
        c.stepSeries,
        event.steps.map((s) => ({ step: s.step, loss: s.loss, accuracy: s.accuracy })),
        MAX_CHART_POINTS,
      );
      const last = event.steps[event.steps.length - 1];
      const busy = state.status === 'loading' || state.status === 'building';
      usePlayground.setState({
        history: c.stepSeries.points,
        step: last ? last.step : state.step,
        stepsPerSecond: event.stepsPerSecond,
        ...(event.heldOut
          ? { heldOut: event.heldOut, heldOutHistory: appendHalving(state.heldOutHistory, heldOutPoint(event.heldOut), MAX_CHART_POINTS) }
          : {}),
        ...(event.sample ? { sample: event.sample } : {}),
        ...(busy || state.status === 'error' ? {} : { status: event.running && c.wantsRunning ? 'running' : 'paused' }),
      });
      return;
    }
    case 'weights': {
      c.exportWaiters.shift()?.(event.file);
      return;
    }
    case 'sample': {
      if (replacing(c)) return;
      // An ablation's evaluation replaces the figures but is not a point of the chart (no step was taken).
      usePlayground.setState({ sample: event.sample, ...(event.heldOut ? { heldOut: event.heldOut } : {}) });
      return;
    }
    case 'paused': {
      if (replacing(c)) return;
      const keep = state.status === 'loading' || state.status === 'building' || state.status === 'error' || c.wantsRunning;
      usePlayground.setState({ step: event.step, ...(keep ? {} : { status: 'paused' }) });
      return;
    }
    case 'error': {
      if (event.crashed) {
        // The worker failed: an init or load on its way will never be answered, nor an export.
        c.crashed = true;
        c.awaiting.length = 0;
        for (const resolve of c.exportWaiters.splice(0)) resolve(null);
        settle(c);
      }
      // Only an error that says it answers an init or a load settles one; any other error while one is on its way
      // belongs to the model being replaced (a run that diverged just as Reset was pressed) and is dropped.
      if (event.replyTo === undefined && c.awaiting.length > 0) return;
      const answered = event.replyTo !== undefined ? c.awaiting.shift() : undefined;
      if (c.awaiting.length > 0) return;
      c.wantsRunning = false;
      // A refused file names its problem (translated by the page) and the file; the English message is kept for logs.
      const error =
        answered === 'load'
          ? { code: 'file' as const, message: event.message, file: c.loadName, ...(event.problem ? { problem: event.problem } : {}) }
          : { code: event.code, message: event.message };
      // A failed init leaves the worker without a model; a refused file or a diverged run keeps the model there.
      usePlayground.setState({ status: 'error', error, ...(answered === 'init' ? { config: null } : {}) });
      if (answered === 'load') settle(c);
      return;
    }
  }
}

function settle(c: Connection): void {
  const resolve = c.settleLoad;
  c.settleLoad = null;
  resolve?.();
}
