import { create } from 'zustand';
import type { WeightsFile } from '../engine/train/types';
import { initialMachineState, reduceConnection } from './connectionMachine';
import type { ConnectionContext, Effect, MachineEvent, PageData } from './connectionTypes';
import { fetchTrainedModel, type FetchLike } from './loadTrainedModel';
import { parsePlaygroundQuery, playgroundHash, PLAYGROUND_ROUTE } from './playgroundUrl';
import { createTrainingClient } from './trainingClient';
import type { PlaygroundCommand, PlaygroundParams, PlaygroundState, TrainingClient } from './types';

/*
 * The playground page's state (the contract is PlaygroundState in types.ts). Only this module talks to the
 * TrainingClient and writes the URL.
 *
 * Every decision (what Start, Load or Reset do in each state, which worker answers are stale, what an error leaves
 * on screen, when a load or an export is settled) is made by the pure state machine in connectionMachine.ts, whose
 * header has the table of states. This module only dispatches: each action and each worker event becomes an event
 * for reduceConnection, the page part of the state it returns is written into the zustand store, and its effects are
 * performed here with the handles a reducer cannot hold (the client, its unsubscribe, the promises' resolvers).
 *
 * Lifecycle: the page calls initPlayground(query) when it opens (tests pass an in-process client) and
 * disposePlayground() when it closes; re-initialising disposes the previous client, so no worker is leaked.
 */

export interface PlaygroundOptions {
  /** fetch for loadTrained (tests pass a fake one). */
  readonly fetchFn?: FetchLike;
  /** What models/<task>.json is resolved against; document.baseURI by default. */
  readonly baseUrl?: string;
  /** The window whose URL is written; the global one by default. */
  readonly win?: Window;
}

/** What the effects need that is not data: owned here, changed only by performing effects (and by init / dispose). */
interface Runtime {
  /** The machine's state besides the page (the page lives in the zustand store, where tests may also set it). */
  connection: ConnectionContext;
  client: TrainingClient | null;
  unsubscribe: () => void;
  options: PlaygroundOptions;
  /** The client initPlayground was given, taken by the next openClient effect. */
  given: TrainingClient | null;
  /** Resolves the waiting loadTrained / loadFile promise. */
  settleLoad: (() => void) | null;
  /** Resolvers of exportWeights, oldest first. */
  readonly exportWaiters: ((file: WeightsFile | null) => void)[];
}

const runtime: Runtime = {
  connection: initialMachineState().connection,
  client: null,
  unsubscribe: () => undefined,
  options: {},
  given: null,
  settleLoad: null,
  exportWaiters: [],
};

/** The page part of the store (the machine's PageData): everything but the actions. */
function pageOf(state: PlaygroundState): PageData {
  const { setParams, start, pause, stepOnce, reset, loadTrained, loadFile, refuseFile, exportWeights, dismissNotices, setSampleInput, setHeadOff, ...page } = state;
  return page;
}

/** The fields of `next` that differ from `previous` (by identity: the machine copies only what it changes). */
function changes(previous: PageData, next: PageData): Partial<PageData> | null {
  const changed = (Object.keys(next) as (keyof PageData)[]).filter((key) => !Object.is(previous[key], next[key]));
  return changed.length === 0 ? null : (Object.fromEntries(changed.map((key) => [key, next[key]])) as Partial<PageData>);
}

/** Runs one event through the machine; resolves once the loads it started are answered (loadTrained / loadFile await it). */
function dispatch(event: MachineEvent): Promise<void> {
  const page = pageOf(usePlayground.getState());
  const { state, effects } = reduceConnection({ page, connection: runtime.connection }, event);
  runtime.connection = state.connection;
  const changed = changes(page, state.page);
  if (changed !== null) usePlayground.setState(changed);
  return perform(effects);
}

export const usePlayground = create<PlaygroundState>()(() => ({
  ...initialMachineState().page,

  setParams(change) {
    void dispatch({ type: 'setParams', change });
  },
  start() {
    void dispatch({ type: 'start' });
  },
  pause() {
    void dispatch({ type: 'pause' });
  },
  stepOnce() {
    void dispatch({ type: 'step' });
  },
  reset() {
    void dispatch({ type: 'reset' });
  },
  async loadTrained() {
    await dispatch({ type: 'loadTrained' });
  },
  async loadFile(text, name) {
    await dispatch({ type: 'loadFile', text, name });
  },
  refuseFile(refusal, name) {
    void dispatch({ type: 'refuseFile', refusal, name });
  },
  exportWeights() {
    return new Promise<WeightsFile | null>((resolve) => {
      runtime.exportWaiters.push(resolve);
      void dispatch({ type: 'export' });
    });
  },
  dismissNotices() {
    void dispatch({ type: 'dismissNotices' });
  },
  setHeadOff(layer, head, off) {
    void dispatch({ type: 'setHeadOff', layer, head, off });
  },
  setSampleInput(inputs) {
    void dispatch({ type: 'setSampleInput', inputs });
  },
}));

/**
 * Opens the playground for the query of `#/playground?…`: reads the params (bad values become notices), writes
 * the canonical URL and builds a fresh model. `client` defaults to createTrainingClient() (a Web Worker).
 */
export function initPlayground(query: string, client?: TrainingClient, options: PlaygroundOptions = {}): void {
  disposePlayground();
  runtime.options = options;
  runtime.given = client ?? null;
  void dispatch({ type: 'open', query: parsePlaygroundQuery(query) });
}

/** Stops training and releases the client (the worker is terminated). Safe to call twice. */
export function disposePlayground(): void {
  void dispatch({ type: 'close' });
  runtime.options = {};
}

/** Performs a transition's effects in order; resolves when the loads they wait for are settled. */
function perform(effects: readonly Effect[]): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const effect of effects) {
    switch (effect.type) {
      case 'openClient':
        openClient(effect.worker);
        break;
      case 'closeClient':
        closeClient();
        break;
      case 'send':
        send(effect.command, effect.failure);
        break;
      case 'fetchTrained':
        waits.push(fetchTrained(effect.task, effect.generation));
        break;
      case 'waitForLoad':
        waits.push(new Promise<void>((resolve) => (runtime.settleLoad = resolve)));
        break;
      case 'settleLoad': {
        const resolve = runtime.settleLoad;
        runtime.settleLoad = null;
        resolve?.();
        break;
      }
      case 'settleExports': {
        const { exportWaiters } = runtime;
        const settled = effect.which === 'all' ? exportWaiters.splice(0) : [effect.which === 'oldest' ? exportWaiters.shift() : exportWaiters.pop()];
        for (const resolve of settled) resolve?.(effect.file);
        break;
      }
      case 'writeUrl':
        writeUrl(effect.params, effect.input);
        break;
    }
  }
  return Promise.all(waits).then(() => undefined);
}

function openClient(worker: number): void {
  const client = runtime.given ?? createTrainingClient();
  runtime.given = null;
  runtime.client = client;
  runtime.unsubscribe = client.subscribe((event) => void dispatch({ type: 'worker', worker, event }));
}

function closeClient(): void {
  const { client, unsubscribe } = runtime;
  runtime.client = null;
  runtime.unsubscribe = () => undefined;
  unsubscribe();
  client?.dispose();
}

/** A command that throws (a message the channel cannot carry) comes back to the machine as sendFailed. */
function send(command: PlaygroundCommand, failure: 'report' | 'ignore'): void {
  try {
    runtime.client?.send(command);
  } catch (error) {
    if (failure === 'report') void dispatch({ type: 'sendFailed', command: command.type, message: error instanceof Error ? error.message : String(error) });
  }
}

function fetchTrained(task: PlaygroundParams['task'], generation: number): Promise<void> {
  return fetchTrainedModel(task, runtime.options.fetchFn, runtime.options.baseUrl).then(
    (text) => dispatch({ type: 'fetched', generation, task, text }),
    (error: unknown) => dispatch({ type: 'fetchFailed', generation, message: error instanceof Error ? error.message : String(error) }),
  );
}

/** history.replaceState to #/playground?… keeping path and search; only while the playground is the page shown. */
function writeUrl(params: PlaygroundParams, input: readonly number[] | null): void {
  const win = runtime.options.win ?? (typeof window !== 'undefined' ? window : undefined);
  if (win === undefined) return;
  const { pathname, search, hash } = win.location;
  if (hash !== PLAYGROUND_ROUTE && !hash.startsWith(`${PLAYGROUND_ROUTE}?`) && !hash.startsWith(`${PLAYGROUND_ROUTE}/`)) return;
  const next = playgroundHash(params, input);
  if (hash !== next) win.history.replaceState(win.history.state, '', `${pathname}${search}${next}`);
}
