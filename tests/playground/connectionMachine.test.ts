import { describe, expect, it } from 'vitest';
import { defaultConfig, defaultSettings, MAX_MODEL_FILE_BYTES, sizeRefusal } from '../../src/engine/train';
import type { EvalResult, SampleView, WeightsFile } from '../../src/engine/train/types';
import { initialMachineState, reduceConnection, stateName } from '../../src/playground/connectionMachine';
import { closedConnection, initialPage } from '../../src/playground/connectionSteps';
import type {
  ConnectionContext,
  ConnectionStateName,
  Effect,
  MachineEvent,
  MachineState,
  OutcomeEvent,
  PageData,
  UserEvent,
} from '../../src/playground/connectionTypes';
import { defaultPlaygroundParams } from '../../src/playground/playgroundUrl';
import type { PlaygroundEvent } from '../../src/playground/types';

/*
 * The connection machine by transition tables: [state, event] → [next state's name, effects]. The user actions and
 * the worker's events are full matrices (Record<Fixture, …> makes the compiler ask for every state); the outcomes of
 * fetches and sends, which only follow certain states, list those. Focused tests below check the page and the
 * context where a name and a list of effects say too little (the stale answers, what a crash settles).
 */

const CONFIG = defaultConfig('reversal');
const SETTINGS = defaultSettings('reversal');
const EVAL: EvalResult = { step: 5, loss: 0.5, accuracy: 0.75, sequenceAccuracy: 0.25 };
const SAMPLE: SampleView = { inputs: [1, 2], targets: [2, 1], predictions: [2, 1], attention: [[new Float32Array(4)]] };
const WEIGHTS: WeightsFile = { format: 'attention-lab-tiny-transformer', version: 1, config: CONFIG, settings: SETTINGS, step: 5, heldOutAccuracy: 0.75, tensors: {} };
const WORKER = 3;
const GENERATION = 10;

const noModel = (patch: Partial<PageData> = {}): PageData => ({ ...initialPage(), ...patch });
const withModel = (patch: Partial<PageData>): PageData => ({
  ...initialPage(),
  step: 5,
  history: [{ step: 5, loss: 0.5, accuracy: 0.75 }],
  heldOutHistory: [{ step: 5, loss: 0.5, accuracy: 0.75 }],
  heldOut: EVAL,
  sample: SAMPLE,
  config: CONFIG,
  ...patch,
});
const opened = (patch: Partial<ConnectionContext> = {}): ConnectionContext => ({ ...closedConnection(WORKER, GENERATION), open: true, ...patch });

/** Frozen all the way down (but typed arrays, which cannot be), so a reducer that mutates its input throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** One state of each name, and the variants the stale-answer rules need. */
const FIXTURES = deepFreeze({
  /** After disposePlayground: the page still shows the model. */
  closed: { page: withModel({ status: 'paused' }), connection: closedConnection(WORKER, GENERATION) },
  building: { page: noModel(), connection: opened({ awaiting: ['init'] }) },
  /** A file was sent, then Reset was pressed before its answer came. */
  'building+load': { page: noModel(), connection: opened({ awaiting: ['load', 'init'] }) },
  /** Load trained model: the file is being downloaded (nothing awaited from the worker yet). */
  'loading:fetch': { page: withModel({ status: 'loading' }), connection: opened() },
  'loading:file': { page: withModel({ status: 'loading' }), connection: opened({ awaiting: ['load'], loadWaiting: true, loadName: 'mine.json' }) },
  ready: { page: withModel({ status: 'ready' }), connection: opened() },
  running: { page: withModel({ status: 'running' }), connection: opened({ wantsRunning: true }) },
  /** With an export on its way. */
  paused: { page: withModel({ status: 'paused' }), connection: opened({ exportsWaiting: 1 }) },
  'error-with-model': { page: withModel({ status: 'error', error: { code: 'fetch', message: 'The trained model for reversal is missing.' } }), connection: opened() },
  'error-without-model': { page: noModel({ status: 'error', error: { code: 'engine', message: 'The width must be divisible by the heads.' } }), connection: opened() },
  /** With the student's own input, which the new worker must be given. */
  crashed: {
    page: withModel({ status: 'error', error: { code: 'engine', message: 'The training worker stopped.' }, sampleInput: [1, 2] }),
    connection: opened({ workerFailed: true }),
  },
} satisfies Record<string, MachineState>);

type Fixture = keyof typeof FIXTURES;
type Expected = readonly [ConnectionStateName, readonly string[]];

/** An effect as a table shows it. */
function summary(effect: Effect): string {
  switch (effect.type) {
    case 'send':
      return `send ${effect.command.type}${effect.failure === 'ignore' ? ' (ignore)' : ''}`;
    case 'fetchTrained':
      return `fetch ${effect.task}`;
    case 'settleExports':
      return `settleExports ${effect.which} ${effect.file === null ? 'null' : 'file'}`;
    default:
      return effect.type;
  }
}

function run(state: MachineState, event: MachineEvent): { name: ConnectionStateName; effects: string[] } {
  const { state: next, effects } = reduceConnection(state, event);
  return { name: stateName(next), effects: effects.map(summary) };
}

/** Table rows as [fixture, event, expected] for it.each. */
function rows<E extends string>(table: Record<E, Partial<Record<Fixture, Expected>>>): [Fixture, E, Expected][] {
  return (Object.entries(table) as [E, Partial<Record<Fixture, Expected>>][]).flatMap(([event, byState]) =>
    (Object.entries(byState) as [Fixture, Expected][]).map(([fixture, expected]): [Fixture, E, Expected] => [fixture, event, expected]),
  );
}

it('each fixture has the name it stands for', () => {
  const names = Object.fromEntries(Object.entries(FIXTURES).map(([fixture, state]) => [fixture, stateName(state)]));
  expect(names).toEqual({
    closed: 'closed',
    building: 'building',
    'building+load': 'building',
    'loading:fetch': 'loading',
    'loading:file': 'loading',
    ready: 'ready',
    running: 'running',
    paused: 'paused',
    'error-with-model': 'error-with-model',
    'error-without-model': 'error-without-model',
    crashed: 'crashed',
  });
  expect(stateName(initialMachineState())).toBe('closed');
});

const TOO_LARGE = ' '.repeat(MAX_MODEL_FILE_BYTES + 1);

const USER_EVENTS = {
  start: { type: 'start' },
  pause: { type: 'pause' },
  step: { type: 'step' },
  reset: { type: 'reset' },
  'setParams(seed 2)': { type: 'setParams', change: { seed: 2 } },
  'setParams(same)': { type: 'setParams', change: { seed: 1 } },
  loadTrained: { type: 'loadTrained' },
  loadFile: { type: 'loadFile', text: '{}', name: 'mine.json' },
  'loadFile(too large)': { type: 'loadFile', text: TOO_LARGE, name: 'big.json' },
  refuseFile: { type: 'refuseFile', refusal: sizeRefusal(MAX_MODEL_FILE_BYTES + 1)!, name: 'big.json' },
  export: { type: 'export' },
  setHeadOff: { type: 'setHeadOff', layer: 0, head: 0, off: true },
  setSampleInput: { type: 'setSampleInput', inputs: [1, 2] },
  dismissNotices: { type: 'dismissNotices' },
  close: { type: 'close' },
  open: { type: 'open', query: { params: defaultPlaygroundParams(), notices: [], input: null } },
} satisfies Record<string, UserEvent>;

const USER_TABLE: Record<keyof typeof USER_EVENTS, Record<Fixture, Expected>> = {
  start: {
    closed: ['running', ['openClient', 'send start']],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['running', ['send start']],
    running: ['running', ['send start']],
    paused: ['running', ['send start']],
    'error-with-model': ['running', ['send start']],
    'error-without-model': ['error-without-model', []],
    // The model is still on screen; the failed worker is replaced only by a rebuild.
    crashed: ['running', ['send start']],
  },
  pause: {
    closed: ['paused', ['openClient', 'send pause']],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', ['send pause']],
    'loading:file': ['loading', ['send pause']],
    ready: ['ready', ['send pause']],
    running: ['paused', ['send pause']],
    paused: ['paused', ['send pause']],
    'error-with-model': ['error-with-model', ['send pause']],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', ['send pause']],
  },
  step: {
    closed: ['paused', ['openClient', 'send step']],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['paused', ['send step']],
    running: ['paused', ['send step']],
    paused: ['paused', ['send step']],
    'error-with-model': ['paused', ['send step']],
    'error-without-model': ['error-without-model', []],
    crashed: ['paused', ['send step']],
  },
  reset: {
    closed: ['building', ['openClient', 'send init']],
    building: ['building', ['send init']],
    'building+load': ['building', ['send init']],
    'loading:fetch': ['building', ['send init']],
    'loading:file': ['building', ['settleLoad', 'send init']],
    ready: ['building', ['send init']],
    running: ['building', ['send init']],
    paused: ['building', ['send init']],
    'error-with-model': ['building', ['send init']],
    'error-without-model': ['building', ['send init']],
    crashed: ['building', ['closeClient', 'openClient', 'send sample (ignore)', 'send init']],
  },
  'setParams(seed 2)': {
    closed: ['building', ['writeUrl', 'openClient', 'send init']],
    building: ['building', ['writeUrl', 'send init']],
    'building+load': ['building', ['writeUrl', 'send init']],
    'loading:fetch': ['building', ['writeUrl', 'send init']],
    'loading:file': ['building', ['writeUrl', 'settleLoad', 'send init']],
    ready: ['building', ['writeUrl', 'send init']],
    running: ['building', ['writeUrl', 'send init']],
    paused: ['building', ['writeUrl', 'send init']],
    'error-with-model': ['building', ['writeUrl', 'send init']],
    'error-without-model': ['building', ['writeUrl', 'send init']],
    crashed: ['building', ['writeUrl', 'closeClient', 'openClient', 'send sample (ignore)', 'send init']],
  },
  'setParams(same)': {
    closed: ['closed', []],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['ready', []],
    running: ['running', []],
    paused: ['paused', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  loadTrained: {
    closed: ['loading', ['openClient', 'fetch reversal']],
    building: ['loading', ['fetch reversal']],
    'building+load': ['loading', ['fetch reversal']],
    'loading:fetch': ['loading', ['fetch reversal']],
    'loading:file': ['loading', ['fetch reversal']],
    ready: ['loading', ['fetch reversal']],
    running: ['loading', ['send pause (ignore)', 'fetch reversal']],
    paused: ['loading', ['fetch reversal']],
    'error-with-model': ['loading', ['fetch reversal']],
    'error-without-model': ['loading', ['fetch reversal']],
    crashed: ['loading', ['fetch reversal']],
  },
  loadFile: {
    closed: ['loading', ['openClient', 'waitForLoad', 'send load']],
    building: ['loading', ['waitForLoad', 'send load']],
    'building+load': ['loading', ['waitForLoad', 'send load']],
    'loading:fetch': ['loading', ['waitForLoad', 'send load']],
    // A newer load settles the promise of the older one.
    'loading:file': ['loading', ['settleLoad', 'waitForLoad', 'send load']],
    ready: ['loading', ['waitForLoad', 'send load']],
    running: ['loading', ['send pause (ignore)', 'waitForLoad', 'send load']],
    paused: ['loading', ['waitForLoad', 'send load']],
    'error-with-model': ['loading', ['waitForLoad', 'send load']],
    'error-without-model': ['loading', ['waitForLoad', 'send load']],
    crashed: ['loading', ['waitForLoad', 'send load']],
  },
  'loadFile(too large)': {
    closed: ['error-with-model', ['openClient']],
    building: ['error-without-model', []],
    'building+load': ['error-without-model', []],
    'loading:fetch': ['error-with-model', []],
    'loading:file': ['error-with-model', []],
    ready: ['error-with-model', []],
    running: ['error-with-model', ['send pause (ignore)']],
    paused: ['error-with-model', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  refuseFile: {
    closed: ['error-with-model', ['openClient', 'send pause (ignore)']],
    building: ['error-without-model', []],
    'building+load': ['error-without-model', []],
    'loading:fetch': ['error-with-model', ['send pause (ignore)']],
    'loading:file': ['error-with-model', ['send pause (ignore)']],
    ready: ['error-with-model', ['send pause (ignore)']],
    running: ['error-with-model', ['send pause (ignore)']],
    paused: ['error-with-model', ['send pause (ignore)']],
    'error-with-model': ['error-with-model', ['send pause (ignore)']],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', ['send pause (ignore)']],
  },
  export: {
    closed: ['paused', ['openClient', 'send export']],
    building: ['building', ['settleExports newest null']],
    'building+load': ['building', ['settleExports newest null']],
    'loading:fetch': ['loading', ['send export']],
    'loading:file': ['loading', ['send export']],
    ready: ['ready', ['send export']],
    running: ['running', ['send export']],
    paused: ['paused', ['send export']],
    'error-with-model': ['error-with-model', ['send export']],
    'error-without-model': ['error-without-model', ['settleExports newest null']],
    crashed: ['crashed', ['send export']],
  },
  setHeadOff: {
    closed: ['paused', ['openClient', 'send ablate']],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['ready', ['send ablate']],
    running: ['running', ['send ablate']],
    paused: ['paused', ['send ablate']],
    'error-with-model': ['error-with-model', ['send ablate']],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', ['send ablate']],
  },
  setSampleInput: {
    closed: ['paused', ['openClient', 'writeUrl', 'send sample']],
    building: ['building', ['writeUrl', 'send sample']],
    'building+load': ['building', ['writeUrl', 'send sample']],
    'loading:fetch': ['loading', ['writeUrl', 'send sample']],
    'loading:file': ['loading', ['writeUrl', 'send sample']],
    ready: ['ready', ['writeUrl', 'send sample']],
    running: ['running', ['writeUrl', 'send sample']],
    paused: ['paused', ['writeUrl', 'send sample']],
    'error-with-model': ['error-with-model', ['writeUrl', 'send sample']],
    'error-without-model': ['error-without-model', ['writeUrl', 'send sample']],
    crashed: ['crashed', ['writeUrl', 'send sample']],
  },
  dismissNotices: {
    closed: ['closed', []],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['ready', []],
    running: ['running', []],
    paused: ['paused', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  close: {
    closed: ['closed', []],
    building: ['closed', ['closeClient']],
    'building+load': ['closed', ['closeClient']],
    'loading:fetch': ['closed', ['closeClient']],
    'loading:file': ['closed', ['closeClient', 'settleLoad']],
    ready: ['closed', ['closeClient']],
    running: ['closed', ['closeClient']],
    paused: ['closed', ['closeClient', 'settleExports all null']],
    'error-with-model': ['closed', ['closeClient']],
    'error-without-model': ['closed', ['closeClient']],
    crashed: ['closed', ['closeClient']],
  },
  open: {
    closed: ['building', ['openClient', 'writeUrl', 'send init']],
    building: ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
    'building+load': ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
    'loading:fetch': ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
    'loading:file': ['building', ['closeClient', 'settleLoad', 'openClient', 'writeUrl', 'send init']],
    ready: ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
    running: ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
    paused: ['building', ['closeClient', 'settleExports all null', 'openClient', 'writeUrl', 'send init']],
    'error-with-model': ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
    'error-without-model': ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
    crashed: ['building', ['closeClient', 'openClient', 'writeUrl', 'send init']],
  },
};

describe('user actions: [state, action] → [state, effects]', () => {
  it.each(rows(USER_TABLE))('%s + %s', (fixture, event, [name, effects]) => {
    expect(run(FIXTURES[fixture], USER_EVENTS[event])).toEqual({ name, effects });
  });
});

const fromWorker = (event: PlaygroundEvent, worker = WORKER): MachineEvent => ({ type: 'worker', worker, event });
const readyEvent = (source: 'fresh' | 'file'): PlaygroundEvent => ({ type: 'ready', config: CONFIG, settings: SETTINGS, step: 0, heldOut: { ...EVAL, step: 0 }, sample: SAMPLE, source });
const PROGRESS: PlaygroundEvent = { type: 'progress', steps: [{ step: 6, loss: 0.4, accuracy: 0.8, gradNorm: 1, learningRate: 0.01 }], stepsPerSecond: 100, running: true };

const WORKER_EVENTS = {
  'ready(fresh)': fromWorker(readyEvent('fresh')),
  'ready(file)': fromWorker(readyEvent('file')),
  'progress(running)': fromWorker(PROGRESS),
  paused: fromWorker({ type: 'paused', step: 7 }),
  sample: fromWorker({ type: 'sample', sample: SAMPLE, heldOut: EVAL }),
  weights: fromWorker({ type: 'weights', file: WEIGHTS }),
  'error(run)': fromWorker({ type: 'error', code: 'engine', message: 'The training diverged.' }),
  'error(replyTo init)': fromWorker({ type: 'error', code: 'engine', message: 'The width must be divisible by the heads.', replyTo: 'init' }),
  'error(replyTo load)': fromWorker({ type: 'error', code: 'engine', message: 'This is not a model file.', replyTo: 'load', problem: { reason: 'not-json', params: {} } }),
  'error(crashed)': fromWorker({ type: 'error', code: 'engine', message: 'The training worker stopped: out of memory', crashed: true }),
  'progress(earlier worker)': fromWorker(PROGRESS, WORKER - 1),
} satisfies Record<string, MachineEvent>;

const WORKER_TABLE: Record<keyof typeof WORKER_EVENTS, Record<Fixture, Expected>> = {
  'ready(fresh)': {
    closed: ['closed', []],
    building: ['ready', []],
    // It answers the load; the init is still on its way.
    'building+load': ['building', []],
    'loading:fetch': ['ready', []],
    'loading:file': ['ready', ['settleLoad']],
    ready: ['ready', []],
    running: ['ready', []],
    paused: ['ready', []],
    'error-with-model': ['ready', []],
    'error-without-model': ['ready', []],
    crashed: ['ready', []],
  },
  'ready(file)': {
    closed: ['closed', []],
    building: ['ready', ['writeUrl']],
    'building+load': ['building', []],
    'loading:fetch': ['ready', ['writeUrl']],
    'loading:file': ['ready', ['writeUrl', 'settleLoad']],
    ready: ['ready', ['writeUrl']],
    running: ['ready', ['writeUrl']],
    paused: ['ready', ['writeUrl']],
    'error-with-model': ['ready', ['writeUrl']],
    'error-without-model': ['ready', ['writeUrl']],
    crashed: ['ready', ['writeUrl']],
  },
  'progress(running)': {
    closed: ['closed', []],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    // The worker still runs but the student did not ask for it (wantsRunning is false).
    ready: ['paused', []],
    running: ['running', []],
    paused: ['paused', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  paused: {
    closed: ['closed', []],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['paused', []],
    // A pause of an earlier run answers after Start was pressed again.
    running: ['running', []],
    paused: ['paused', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  sample: {
    closed: ['closed', []],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['ready', []],
    running: ['running', []],
    paused: ['paused', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  weights: {
    closed: ['closed', []],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['ready', []],
    running: ['running', []],
    paused: ['paused', ['settleExports oldest file']],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  'error(run)': {
    closed: ['closed', []],
    // A run that diverged as Reset was pressed is not the answer to the init.
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['error-with-model', []],
    'loading:file': ['loading', []],
    ready: ['error-with-model', []],
    running: ['error-with-model', []],
    paused: ['error-with-model', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  'error(replyTo init)': {
    closed: ['closed', []],
    building: ['error-without-model', []],
    'building+load': ['building', []],
    'loading:fetch': ['error-with-model', []],
    // Answers are taken in the order the commands were sent: this one is taken as the load's.
    'loading:file': ['error-with-model', ['settleLoad']],
    ready: ['error-with-model', []],
    running: ['error-with-model', []],
    paused: ['error-with-model', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  'error(replyTo load)': {
    closed: ['closed', []],
    building: ['error-without-model', []],
    // The refused load's answer while Reset's init is pending: dropped, the init is awaited.
    'building+load': ['building', []],
    'loading:fetch': ['error-with-model', []],
    'loading:file': ['error-with-model', ['settleLoad']],
    ready: ['error-with-model', []],
    running: ['error-with-model', []],
    paused: ['error-with-model', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
  'error(crashed)': {
    closed: ['closed', []],
    building: ['crashed', []],
    'building+load': ['crashed', []],
    'loading:fetch': ['crashed', []],
    'loading:file': ['crashed', ['settleLoad']],
    ready: ['crashed', []],
    running: ['crashed', []],
    paused: ['crashed', ['settleExports all null']],
    'error-with-model': ['crashed', []],
    'error-without-model': ['crashed', []],
    crashed: ['crashed', []],
  },
  'progress(earlier worker)': {
    closed: ['closed', []],
    building: ['building', []],
    'building+load': ['building', []],
    'loading:fetch': ['loading', []],
    'loading:file': ['loading', []],
    ready: ['ready', []],
    running: ['running', []],
    paused: ['paused', []],
    'error-with-model': ['error-with-model', []],
    'error-without-model': ['error-without-model', []],
    crashed: ['crashed', []],
  },
};

describe("the worker's events: [state, event] → [state, effects]", () => {
  it.each(rows(WORKER_TABLE))('%s + %s', (fixture, event, [name, effects]) => {
    expect(run(FIXTURES[fixture], WORKER_EVENTS[event])).toEqual({ name, effects });
  });
});

/**
 * The worker events each state ignores: the state comes back as it was (the same object), with no effects. Stale
 * answers are the point: the old model's progress while an init is awaited, errors that answer nothing while an
 * init or load is on its way, anything from an earlier worker or after close.
 */
const IGNORED: Record<Fixture, readonly (keyof typeof WORKER_EVENTS)[]> = {
  closed: Object.keys(WORKER_EVENTS) as (keyof typeof WORKER_EVENTS)[],
  building: ['progress(running)', 'paused', 'sample', 'weights', 'error(run)', 'progress(earlier worker)'],
  'building+load': ['progress(running)', 'paused', 'sample', 'weights', 'error(run)', 'progress(earlier worker)'],
  'loading:fetch': ['weights', 'progress(earlier worker)'],
  'loading:file': ['weights', 'error(run)', 'progress(earlier worker)'],
  ready: ['weights', 'progress(earlier worker)'],
  running: ['weights', 'progress(earlier worker)'],
  paused: ['progress(earlier worker)'],
  'error-with-model': ['weights', 'progress(earlier worker)'],
  'error-without-model': ['weights', 'progress(earlier worker)'],
  crashed: ['weights', 'progress(earlier worker)'],
};

describe('which worker events each state ignores', () => {
  const cases = (Object.keys(FIXTURES) as Fixture[]).flatMap((fixture) =>
    (Object.keys(WORKER_EVENTS) as (keyof typeof WORKER_EVENTS)[]).map((event): [Fixture, keyof typeof WORKER_EVENTS, boolean] => [fixture, event, IGNORED[fixture].includes(event)]),
  );
  it.each(cases)('%s + %s: ignored %s', (fixture, event, ignored) => {
    const next = reduceConnection(FIXTURES[fixture], WORKER_EVENTS[event]);
    expect(next.state === FIXTURES[fixture] && next.effects.length === 0).toBe(ignored);
  });
});

const OUTCOMES = {
  fetched: { type: 'fetched', generation: GENERATION, task: 'reversal', text: '{}' },
  'fetched(stale)': { type: 'fetched', generation: GENERATION - 1, task: 'reversal', text: '{}' },
  'fetched(too large)': { type: 'fetched', generation: GENERATION, task: 'reversal', text: TOO_LARGE },
  fetchFailed: { type: 'fetchFailed', generation: GENERATION, message: 'The trained model for reversal is missing.' },
  'fetchFailed(stale)': { type: 'fetchFailed', generation: GENERATION - 1, message: 'The trained model for reversal is missing.' },
  'sendFailed(init)': { type: 'sendFailed', command: 'init', message: 'Maximum call stack size exceeded' },
  'sendFailed(load)': { type: 'sendFailed', command: 'load', message: 'Maximum call stack size exceeded' },
  'sendFailed(export)': { type: 'sendFailed', command: 'export', message: 'Maximum call stack size exceeded' },
  'sendFailed(start)': { type: 'sendFailed', command: 'start', message: 'Maximum call stack size exceeded' },
  'sendFailed(step)': { type: 'sendFailed', command: 'step', message: 'Maximum call stack size exceeded' },
  'sendFailed(pause)': { type: 'sendFailed', command: 'pause', message: 'Maximum call stack size exceeded' },
  'sendFailed(ablate)': { type: 'sendFailed', command: 'ablate', message: 'Maximum call stack size exceeded' },
  'sendFailed(sample)': { type: 'sendFailed', command: 'sample', message: 'Maximum call stack size exceeded' },
} satisfies Record<string, OutcomeEvent>;

/** Only the states each outcome can follow (a fetch after Load, a failed send right after its command). */
const OUTCOME_TABLE: Record<keyof typeof OUTCOMES, Partial<Record<Fixture, Expected>>> = {
  fetched: {
    closed: ['closed', []],
    'loading:fetch': ['loading', ['waitForLoad', 'send load']],
    // Refused while the download ran (refuseFile does not start a load): the file is still sent.
    'error-with-model': ['error-with-model', ['waitForLoad', 'send load']],
  },
  'fetched(stale)': { 'loading:fetch': ['loading', []], building: ['building', []] },
  'fetched(too large)': { 'loading:fetch': ['error-with-model', []] },
  fetchFailed: { closed: ['closed', []], 'loading:fetch': ['error-with-model', []] },
  'fetchFailed(stale)': { 'loading:fetch': ['loading', []], building: ['building', []] },
  'sendFailed(init)': { building: ['error-without-model', []], 'building+load': ['error-without-model', []] },
  'sendFailed(load)': { 'loading:file': ['error-with-model', ['settleLoad']] },
  'sendFailed(export)': { paused: ['error-with-model', ['settleExports newest null']] },
  'sendFailed(start)': { running: ['error-with-model', []] },
  'sendFailed(step)': { paused: ['error-with-model', []] },
  'sendFailed(pause)': { ready: ['error-with-model', []], 'loading:fetch': ['error-with-model', []] },
  'sendFailed(ablate)': { ready: ['error-with-model', []] },
  'sendFailed(sample)': { building: ['error-without-model', []], 'error-without-model': ['error-without-model', []] },
};

describe('the outcomes of fetches and sends: [state, outcome] → [state, effects]', () => {
  it.each(rows(OUTCOME_TABLE))('%s + %s', (fixture, event, [name, effects]) => {
    expect(run(FIXTURES[fixture], OUTCOMES[event])).toEqual({ name, effects });
  });
});

/** Runs events one after another, as the store does. */
function replay(state: MachineState, ...events: MachineEvent[]): { state: MachineState; effects: Effect[] } {
  return events.reduce<{ state: MachineState; effects: Effect[] }>(
    (acc, event) => {
      const next = reduceConnection(acc.state, event);
      return { state: next.state, effects: [...acc.effects, ...next.effects] };
    },
    { state, effects: [] },
  );
}

describe('stale answers', () => {
  it('progress of the old model while an init is awaited changes nothing at all', () => {
    const { state } = replay(FIXTURES.running, { type: 'reset' });
    expect(replay(state, WORKER_EVENTS['progress(running)']).state).toBe(state);
    expect(replay(state, WORKER_EVENTS.paused, WORKER_EVENTS.sample).state).toBe(state);
  });

  it('while only a load is awaited, the old model still shows its progress, in status loading', () => {
    const { state } = replay(FIXTURES['loading:file'], WORKER_EVENTS['progress(running)']);
    expect(state.page).toMatchObject({ status: 'loading', step: 6, stepsPerSecond: 100 });
    expect(state.page.history.map((p) => p.step)).toEqual([6]);
  });

  it("an error answering a load while an init is pending is dropped, and the init's ready is then taken", () => {
    const dropped = replay(FIXTURES['building+load'], WORKER_EVENTS['error(replyTo load)']);
    expect(dropped.state.page).toBe(FIXTURES['building+load'].page);
    expect(dropped.state.connection.awaiting).toEqual(['init']);
    const { state } = replay(dropped.state, WORKER_EVENTS['ready(fresh)']);
    expect(state.page).toMatchObject({ status: 'ready', config: CONFIG, error: null, step: 0 });
  });

  it('a fetch that finishes after Reset (or after a newer load) is dropped', () => {
    const loading = replay(FIXTURES.ready, { type: 'loadTrained' });
    const [fetch] = loading.effects.filter((e) => e.type === 'fetchTrained');
    expect(fetch).toEqual({ type: 'fetchTrained', task: 'reversal', generation: GENERATION + 1 });
    const fetched: MachineEvent = { type: 'fetched', generation: GENERATION + 1, task: 'reversal', text: '{}' };
    for (const newer of [{ type: 'reset' }, { type: 'loadFile', text: '{}', name: 'b.json' }] as const) {
      const { state } = replay(loading.state, newer);
      expect(reduceConnection(state, fetched)).toEqual({ state, effects: [] });
    }
    const closed = replay(loading.state, { type: 'close' }, { type: 'start' });
    expect(reduceConnection(closed.state, fetched).effects).toEqual([]);
  });
});

describe('errors keep the model', () => {
  const modelOf = (s: MachineState) => ({ config: s.page.config, sample: s.page.sample, history: s.page.history, step: s.page.step, source: s.page.source });

  it('a refused file (page or worker) leaves the model in place and the load promise settled', () => {
    const before = modelOf(FIXTURES.running);
    const refused = replay(FIXTURES.running, { type: 'loadFile', text: '{"hello": 1}', name: 'other.json' }, WORKER_EVENTS['error(replyTo load)']);
    expect(modelOf(refused.state)).toEqual(before);
    expect(refused.state.page.error).toEqual({ code: 'file', message: 'This is not a model file.', file: 'other.json', problem: { reason: 'not-json', params: {} } });
    expect(refused.state.connection).toMatchObject({ awaiting: [], loadWaiting: false, wantsRunning: false });
    const tooLarge = replay(FIXTURES.running, USER_EVENTS['loadFile(too large)']);
    expect(modelOf(tooLarge.state)).toEqual(before);
    expect(tooLarge.state.page.error).toMatchObject({ code: 'file', problem: { reason: 'too-large' }, file: 'big.json' });
  });

  it('a failed fetch keeps the model, and Step works on it and clears the error', () => {
    const { state } = replay(FIXTURES['loading:fetch'], OUTCOMES.fetchFailed);
    expect(modelOf(state)).toEqual(modelOf(FIXTURES['loading:fetch']));
    expect(state.page.error).toEqual({ code: 'fetch', message: 'The trained model for reversal is missing.' });
    const stepped = replay(state, { type: 'step' });
    expect(stepped.state.page).toMatchObject({ status: 'paused', error: null });
  });

  it('a failed init leaves no model', () => {
    const { state } = replay(FIXTURES.building, WORKER_EVENTS['error(replyTo init)']);
    expect(state.page).toMatchObject({ status: 'error', config: null, error: { code: 'engine', message: 'The width must be divisible by the heads.' } });
  });
});

describe('a crashed worker', () => {
  it('while loading: the load is settled, nothing is awaited, and Reset opens a new worker', () => {
    const crashed = replay(FIXTURES['loading:file'], WORKER_EVENTS['error(crashed)']);
    expect(crashed.state.connection).toMatchObject({ workerFailed: true, awaiting: [], loadWaiting: false });
    expect(crashed.state.page.config).toBe(CONFIG);
    const reset = reduceConnection(crashed.state, { type: 'reset' });
    expect(reset.effects).toEqual([{ type: 'closeClient' }, { type: 'openClient', worker: WORKER + 1 }, expect.objectContaining({ type: 'send', command: expect.objectContaining({ type: 'init' }) })]);
    expect(reset.state.connection).toMatchObject({ open: true, worker: WORKER + 1, workerFailed: false, awaiting: ['init'] });
    // The failed worker's late events are dropped.
    expect(reduceConnection(reset.state, fromWorker(readyEvent('fresh'))).state).toBe(reset.state);
  });

  it('while exporting: every export is answered with null, and a late weights answer settles nothing', () => {
    const waiting = replay(FIXTURES.ready, { type: 'export' }, { type: 'export' });
    expect(waiting.state.connection.exportsWaiting).toBe(2);
    const crashed = reduceConnection(waiting.state, WORKER_EVENTS['error(crashed)']);
    expect(crashed.effects).toEqual([{ type: 'settleExports', which: 'all', file: null }]);
    expect(crashed.state.connection.exportsWaiting).toBe(0);
    expect(reduceConnection(crashed.state, WORKER_EVENTS.weights).effects).toEqual([]);
  });
});

describe('send failures', () => {
  it('an init that cannot be sent: not building, no model, nothing awaited', () => {
    const { state } = replay(FIXTURES.ready, { type: 'reset' }, OUTCOMES['sendFailed(init)']);
    expect(state.page).toMatchObject({
      status: 'error',
      config: null,
      error: { code: 'send', message: 'The training worker could not be given the init command: Maximum call stack size exceeded' },
    });
    expect(state.connection.awaiting).toEqual([]);
  });

  it('a load that cannot be sent: not loading, the load settled, the model kept', () => {
    const { state, effects } = replay(FIXTURES.ready, USER_EVENTS.loadFile, OUTCOMES['sendFailed(load)']);
    expect(state.page).toMatchObject({ status: 'error', config: CONFIG, error: { code: 'send' } });
    expect(state.connection).toMatchObject({ awaiting: [], loadWaiting: false });
    expect(effects.map(summary)).toEqual(['waitForLoad', 'send load', 'settleLoad']);
  });

  it('a long message is cut', () => {
    const { state } = replay(FIXTURES.running, { type: 'sendFailed', command: 'start', message: 'x'.repeat(500) });
    expect(state.page.error?.message.length).toBeLessThan(140);
    expect(state.connection.wantsRunning).toBe(false);
  });
});

describe('wantsRunning', () => {
  const running = PROGRESS;
  const stopped: PlaygroundEvent = { ...PROGRESS, running: false };

  it('Start: progress of a running worker keeps running; Pause: the same progress shows paused', () => {
    const started = replay(FIXTURES.paused, { type: 'start' }, fromWorker(running));
    expect(started.state.page.status).toBe('running');
    expect(replay(started.state, { type: 'pause' }, fromWorker(running)).state.page.status).toBe('paused');
    expect(replay(started.state, fromWorker(stopped)).state.page.status).toBe('paused');
  });

  it('Step, Load and Reset clear it', () => {
    for (const event of [{ type: 'step' }, { type: 'loadTrained' }, { type: 'reset' }, USER_EVENTS.loadFile] as const) {
      expect(replay(FIXTURES.running, event).state.connection.wantsRunning).toBe(false);
    }
  });
});

describe('the reducer is pure', () => {
  it('gives the same answer twice and never changes its input (the fixtures are frozen)', () => {
    for (const fixture of Object.keys(FIXTURES) as Fixture[]) {
      for (const event of [...Object.values(USER_EVENTS), ...Object.values(WORKER_EVENTS), ...Object.values(OUTCOMES)] as MachineEvent[]) {
        expect(reduceConnection(FIXTURES[fixture], event)).toEqual(reduceConnection(FIXTURES[fixture], event));
      }
    }
  });
});
