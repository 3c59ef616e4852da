import type { ModelFileRefusal } from '../engine/train/modelFileProblem';
import type { TaskName, WeightsFile } from '../engine/train/types';
import type { StepSeries } from './chartHistory';
import type { ParsedPlaygroundQuery, PlaygroundCommand, PlaygroundEvent, PlaygroundParams, PlaygroundState } from './types';

/*
 * The vocabulary of the connection machine (connectionMachine.ts): its state, the events it is given and the
 * effects it asks for. Everything here is plain data, so a transition can be written down in a test table.
 */

/** What the page shows: PlaygroundState without its actions (the part the machine decides and the store mirrors). */
export type PageData = Omit<
  PlaygroundState,
  'setParams' | 'start' | 'pause' | 'stepOnce' | 'reset' | 'loadTrained' | 'loadFile' | 'refuseFile' | 'exportWeights' | 'dismissNotices' | 'setSampleInput' | 'setHeadOff'
>;

export type AwaitedCommand = 'init' | 'load';

/** What the machine remembers about the worker besides the page (the extended state its guards read). */
export interface ConnectionContext {
  /** A client is open. False before initPlayground and after disposePlayground. */
  readonly open: boolean;
  /** The number of the open client (counts every client opened): events of an earlier one are dropped. */
  readonly worker: number;
  /** The init / load commands sent and not yet answered, oldest first. */
  readonly awaiting: readonly AwaitedCommand[];
  /** What the user last asked for: Start sets it; Pause, Step, Reset, Load and any error clear it. */
  readonly wantsRunning: boolean;
  /** The chart's per-step series (thinned); the page's history is its points. */
  readonly stepSeries: StepSeries;
  /** Bumped by every open, close, rebuild and load, so a fetch that finishes after a newer action is dropped. */
  readonly generation: number;
  /** A loadTrained / loadFile promise waits for the answer to the newest load. */
  readonly loadWaiting: boolean;
  /** The name of the file of the newest load, as the messages show it. */
  readonly loadName: string;
  /** How many exportWeights promises wait for a 'weights' event. */
  readonly exportsWaiting: number;
  /** The worker failed (a 'crashed' error): the next rebuild starts a new one. Stays set until then. */
  readonly workerFailed: boolean;
}

export interface MachineState {
  readonly page: PageData;
  readonly connection: ConnectionContext;
}

/** The named states of the table in connectionMachine.ts (stateName derives one from a MachineState). */
export type ConnectionStateName =
  | 'closed'
  | 'building'
  | 'loading'
  | 'ready'
  | 'running'
  | 'paused'
  | 'error-with-model'
  | 'error-without-model'
  | 'crashed';

/** What the page did: the store's actions, and initPlayground / disposePlayground. */
export type UserEvent =
  /** initPlayground: the store has a client ready for the openClient effect. */
  | { readonly type: 'open'; readonly query: ParsedPlaygroundQuery }
  /** disposePlayground. */
  | { readonly type: 'close' }
  | { readonly type: 'setParams'; readonly change: Partial<PlaygroundParams> }
  | { readonly type: 'start' }
  | { readonly type: 'pause' }
  | { readonly type: 'step' }
  | { readonly type: 'reset' }
  | { readonly type: 'loadTrained' }
  | { readonly type: 'loadFile'; readonly text: string; readonly name: string }
  | { readonly type: 'refuseFile'; readonly refusal: ModelFileRefusal; readonly name: string }
  /** exportWeights: the store has queued the promise's resolver before it dispatches this. */
  | { readonly type: 'export' }
  | { readonly type: 'dismissNotices' }
  | { readonly type: 'setHeadOff'; readonly layer: number; readonly head: number; readonly off: boolean }
  | { readonly type: 'setSampleInput'; readonly inputs: readonly number[] | null };

/** How an effect the store performed turned out. */
export type OutcomeEvent =
  | { readonly type: 'fetched'; readonly generation: number; readonly task: TaskName; readonly text: string }
  | { readonly type: 'fetchFailed'; readonly generation: number; readonly message: string }
  /** client.send threw for a send effect whose failure is reported. */
  | { readonly type: 'sendFailed'; readonly command: PlaygroundCommand['type']; readonly message: string };

/** What a client said; `worker` is the number the openClient effect gave it. */
export interface WorkerEvent {
  readonly type: 'worker';
  readonly worker: number;
  readonly event: PlaygroundEvent;
}

export type MachineEvent = UserEvent | OutcomeEvent | WorkerEvent;

/** What the store does after a transition, in order. */
export type Effect =
  /** Opens a client numbered `worker`: the one initPlayground was given, else a new default one (a Web Worker). */
  | { readonly type: 'openClient'; readonly worker: number }
  /** Unsubscribes from the open client and disposes it (the worker is terminated). */
  | { readonly type: 'closeClient' }
  /**
   * Gives the client a command. With failure 'report', a throw comes back as a sendFailed event; with 'ignore', the
   * same transition already replaces what a failure would show (a pause before a load, an input before an init).
   */
  | { readonly type: 'send'; readonly command: PlaygroundCommand; readonly failure: 'report' | 'ignore' }
  /** Downloads models/<task>.json and dispatches fetched or fetchFailed with this generation. */
  | { readonly type: 'fetchTrained'; readonly task: TaskName; readonly generation: number }
  /** The promise of the current loadTrained / loadFile now waits until a settleLoad. */
  | { readonly type: 'waitForLoad' }
  /** Resolves the waiting load promise. */
  | { readonly type: 'settleLoad' }
  /** Resolves export promises with `file`: the oldest (a 'weights' answer), the newest (just asked), or all of them. */
  | { readonly type: 'settleExports'; readonly which: 'oldest' | 'newest' | 'all'; readonly file: WeightsFile | null }
  /** history.replaceState to the canonical #/playground?… (only while the playground is the page shown). */
  | { readonly type: 'writeUrl'; readonly params: PlaygroundParams; readonly input: readonly number[] | null };

export interface Transition {
  readonly state: MachineState;
  readonly effects: readonly Effect[];
}
