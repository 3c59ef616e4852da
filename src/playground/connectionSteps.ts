import { quoteText, type ModelFileRefusal } from '../engine/train/modelFileProblem';
import { EMPTY_STEP_SERIES } from './chartHistory';
import type { ConnectionContext, Effect, MachineState, PageData, Transition } from './connectionTypes';
import { configFromParams, defaultPlaygroundParams } from './playgroundUrl';
import type { PlaygroundCommand } from './types';

/*
 * The building blocks the transitions of connectionMachine.ts are made of: pure functions from a MachineState to a
 * Transition, which `andThen` chains (the effects add up, in order). Not named `then`: a module exporting `then`
 * is a thenable, and `await import()` of it would call it.
 */

/** Everything about the model, as it is while a fresh one is being built (the settings and the input stay). */
export const BUILDING_PAGE: Omit<PageData, 'params' | 'notices' | 'sampleInput'> = {
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

/** The page before initPlayground: default settings, no model yet. */
export const initialPage = (): PageData => ({ params: defaultPlaygroundParams(), notices: [], sampleInput: null, ...BUILDING_PAGE });

/** No client; `worker` and `generation` keep counting across clients, so nothing of an earlier one passes for current. */
export function closedConnection(worker = 0, generation = 0): ConnectionContext {
  return {
    open: false,
    worker,
    awaiting: [],
    wantsRunning: false,
    stepSeries: EMPTY_STEP_SERIES,
    generation,
    loadWaiting: false,
    loadName: '',
    exportsWaiting: 0,
    workerFailed: false,
  };
}

export const unchanged = (state: MachineState): Transition => ({ state, effects: [] });

/** `state` with the page and the connection patched; an empty patch keeps the object (the store sets only what changed). */
export function update(state: MachineState, page: Partial<PageData>, connection: Partial<ConnectionContext> = {}): MachineState {
  return {
    page: Object.keys(page).length === 0 ? state.page : { ...state.page, ...page },
    connection: Object.keys(connection).length === 0 ? state.connection : { ...state.connection, ...connection },
  };
}

/** Runs `next` on the state `first` ends in; the effects of both, in order. */
export function andThen(first: Transition, next: (state: MachineState) => Transition): Transition {
  const second = next(first.state);
  return { state: second.state, effects: [...first.effects, ...second.effects] };
}

export const send = (command: PlaygroundCommand, failure: 'report' | 'ignore' = 'report'): Effect => ({ type: 'send', command, failure });

/** True while a fresh model is on its way: events of the model being replaced are dropped. */
export const replacing = (state: MachineState): boolean => state.connection.awaiting.includes('init');

/** A model is there to act on: Start, Step and the head switches work (not while one is being built or loaded). */
export function canAct(page: PageData): boolean {
  return page.config !== null && page.status !== 'building' && page.status !== 'loading';
}

const settleLoad = (state: MachineState): Effect[] => (state.connection.loadWaiting ? [{ type: 'settleLoad' }] : []);

/** Lets go of the client: whatever waits for it (a load, exports) is settled, and late fetches become stale. */
export function close(state: MachineState): Transition {
  const { connection } = state;
  if (!connection.open) return unchanged(state);
  const effects: Effect[] = [{ type: 'closeClient' }, ...settleLoad(state)];
  if (connection.exportsWaiting > 0) effects.push({ type: 'settleExports', which: 'all', file: null });
  return { state: { page: state.page, connection: closedConnection(connection.worker, connection.generation + 1) }, effects };
}

/** The open connection; a page that acts before initPlayground (or after disposePlayground) gets a default client. */
export function connect(state: MachineState): Transition {
  const { connection } = state;
  if (connection.open) return unchanged(state);
  const worker = connection.worker + 1;
  return {
    state: { page: state.page, connection: { ...closedConnection(worker, connection.generation + 1), open: true } },
    effects: [{ type: 'openClient', worker }],
  };
}

/** Sends an init or a load and queues it in `awaiting` (a sendFailed takes it off again). */
function sendAwaited(state: MachineState, command: Extract<PlaygroundCommand, { type: 'init' | 'load' }>): Transition {
  return { state: update(state, {}, { awaiting: [...state.connection.awaiting, command.type] }), effects: [send(command)] };
}

/** A fresh model for the current params: step 0, chart cleared, 'building' until the worker's 'ready'. */
export function rebuild(state: MachineState): Transition {
  let t = connect(state);
  // A failed worker may not answer at all: a new one (the page's settings and input stay).
  if (t.state.connection.workerFailed) {
    t = andThen(andThen(t, close), connect);
    const input = t.state.page.sampleInput;
    if (input !== null) t = { state: t.state, effects: [...t.effects, send({ type: 'sample', inputs: input.slice() }, 'ignore')] };
  }
  return andThen(t, (s) => {
    const { connection } = s;
    const cleared = update(s, BUILDING_PAGE, { generation: connection.generation + 1, wantsRunning: false, stepSeries: EMPTY_STEP_SERIES, loadWaiting: false });
    const { config, settings } = configFromParams(s.page.params);
    const init = sendAwaited(cleared, { type: 'init', config, settings });
    return { state: init.state, effects: [...settleLoad(s), ...init.effects] };
  });
}

/** A file refused before it reached the worker: status 'error' with the problem; the model there was stays. */
export function refuse(state: MachineState, refusal: ModelFileRefusal, name: string): Transition {
  return unchanged(update(state, { status: 'error', error: { code: 'file', message: refusal.message, problem: refusal.problem, file: quoteText(name) } }));
}

/** Sends a model file's text; its promise waits for the answer (a newer load settles the older one's). */
export function sendLoad(state: MachineState, command: Extract<PlaygroundCommand, { type: 'load' }>, name: string): Transition {
  const waiting = update(state, {}, { loadWaiting: true, loadName: quoteText(name) });
  const load = sendAwaited(waiting, command);
  return { state: load.state, effects: [...settleLoad(state), { type: 'waitForLoad' }, ...load.effects] };
}
