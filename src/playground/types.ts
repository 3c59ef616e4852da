/*
 * The playground's contract: what the page keeps in its URL, what it says to the training worker and what the
 * worker answers. The page (components), the store, the worker and the in-process client all build on these types.
 *
 *   page ── PlaygroundCommand ──▶ TrainingClient ──▶ (Web Worker | same thread) trainingSession
 *   page ◀── PlaygroundEvent ───  TrainingClient ◀──  trainingSession
 */
import type { ModelFileProblem, ModelFileRefusal } from '../engine/train/modelFileProblem';
import type { EvalResult, SampleView, StepResult, TaskName, TinyModelConfig, TrainSettings, WeightsFile } from '../engine/train/types';
import type { UnknownNotice, ValueNotice } from '../state/url/params';

/** What the URL holds: #/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1 (and the sample input). */
export interface PlaygroundParams {
  readonly task: TaskName;
  readonly layers: number;
  readonly heads: number;
  readonly width: number;
  readonly learningRate: number;
  readonly seed: number;
  /** The causal (look-ahead) mask in every layer; each task has its own default (only induction uses it). */
  readonly causal: boolean;
}

export type PlaygroundParamName = 'task' | 'layers' | 'heads' | 'width' | 'lr' | 'seed' | 'causal' | 'input';

/**
 * A URL (or form) value that was not used: the page shows it, and the default (or a fixed-up value, the notice's
 * fallback) is used instead. The reason codes are the lab's (src/state/url/params/types.ts).
 */
export type PlaygroundNotice = ValueNotice<PlaygroundParamName> | UnknownNotice;

/** Settings after the checks, with a notice for every value that was not used. */
export interface CheckedPlaygroundParams {
  readonly params: PlaygroundParams;
  readonly notices: readonly PlaygroundNotice[];
}

export interface ParsedPlaygroundQuery extends CheckedPlaygroundParams {
  /** The student's own input for the maps (input=…), or null for held-out sequence 0. */
  readonly input: readonly number[] | null;
}

/** Limits of the form and the URL (small enough that a step stays well under a second in a browser). */
export const PLAYGROUND_LIMITS = {
  layers: { min: 1, max: 4 },
  heads: { min: 1, max: 8 },
  width: { min: 4, max: 128 },
  learningRate: { min: 1e-5, max: 1 },
  seed: { min: 0, max: 0xffffffff },
} as const;

/** Page → worker. Every message is checked on arrival (protocol.ts); anything else is answered with an error event. */
export type PlaygroundCommand =
  /** Builds a fresh model (step 0) and reports it with a 'ready' event; stops any running training. */
  | { readonly type: 'init'; readonly config: TinyModelConfig; readonly settings: TrainSettings }
  /**
   * Replaces the model with the weights of a file: `text` is the file's content (untrusted; the worker parses and
   * checks it, so the page never posts a parsed object of unknown depth). With `task` (the shipped model of that
   * task), a model of another task is refused. Answered by 'ready', or by 'error' with the problem.
   */
  | { readonly type: 'load'; readonly text: string; readonly task?: TaskName }
  /** Trains until 'pause', posting 'progress' events a few times a second. */
  | { readonly type: 'start' }
  | { readonly type: 'pause' }
  /** One training step (when paused), then one 'progress' event with a fresh evaluation and sample. */
  | { readonly type: 'step' }
  /**
   * The input the maps show from now on (null: held-out sequence 0), kept across init and load. With a model, it is
   * answered by a 'sample' event, or by an error if it does not fit the model (T tokens from 0 to V − 1).
   */
  | { readonly type: 'sample'; readonly inputs: readonly number[] | null }
  /** Asks for the current weights, answered by a 'weights' event (the file Load reads back). */
  | { readonly type: 'export' }
  /**
   * Head ablation, [layer][head] (true = off; null = all on): from now on those heads' outputs are zeros before
   * out_proj, in training too. Answered by a 'sample' event with a fresh held-out evaluation. init and load clear it.
   */
  | { readonly type: 'ablate'; readonly off: readonly (readonly boolean[])[] | null };

/** Worker → page. */
export type PlaygroundEvent =
  | {
      readonly type: 'ready';
      readonly config: TinyModelConfig;
      readonly settings: TrainSettings;
      /** 0 for a fresh model, the file's step for loaded weights. */
      readonly step: number;
      readonly heldOut: EvalResult;
      readonly sample: SampleView;
      /** 'file' when the weights came from a 'load'. */
      readonly source: 'fresh' | 'file';
    }
  | {
      readonly type: 'progress';
      /** The steps taken since the previous progress event, in order (loss and batch accuracy for the chart). */
      readonly steps: readonly StepResult[];
      /** Present when the held-out set was evaluated in this chunk (every few steps, and always after 'step'). */
      readonly heldOut?: EvalResult;
      readonly sample?: SampleView;
      /** Training steps per second over the last chunk (step time only). */
      readonly stepsPerSecond: number;
      readonly running: boolean;
    }
  | { readonly type: 'paused'; readonly step: number }
  /** The answer to 'sample' (the model on the newly chosen input) and to 'ablate' (with the held-out evaluation). */
  | { readonly type: 'sample'; readonly sample: SampleView; readonly heldOut?: EvalResult }
  /** The answer to 'export'. */
  | { readonly type: 'weights'; readonly file: WeightsFile }
  /** code 'bad-command' for a message that failed the check; 'engine' for an EngineError (message is its sentence). */
  | {
      readonly type: 'error';
      readonly code: 'bad-command' | 'engine' | 'no-model';
      /** An English sentence, for logs (the page translates `problem` when there is one). */
      readonly message: string;
      /** Set when this error is the answer to an init or a load (so it is never mistaken for a run's error). */
      readonly replyTo?: 'init' | 'load';
      /** Why a loaded file was refused, as data (only on errors that answer a load). */
      readonly problem?: ModelFileProblem;
      /**
       * Set by the client when the worker itself failed (an uncaught error, e.g. out of memory): what it was asked
       * may never be answered, so nothing waits for it, and the next Reset starts a new worker.
       */
      readonly crashed?: true;
    };

/** How the page talks to a training session: a Web Worker in the app, the same session in-process in tests. */
export interface TrainingClient {
  send(command: PlaygroundCommand): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: PlaygroundEvent) => void): () => void;
  dispose(): void;
}

/** One point of the loss / accuracy chart. */
export interface TrainingPoint {
  readonly step: number;
  readonly loss: number;
  /** Batch accuracy, or held-out accuracy in heldOutHistory. */
  readonly accuracy: number;
}

/**
 * The page's state (playgroundStore.ts, a Zustand store: usePlayground(selector)). The components read it and call
 * its actions; only the store talks to the TrainingClient and writes the URL.
 */
export interface PlaygroundState {
  readonly params: PlaygroundParams;
  /** Notices from the URL, and from the form when a value had to be fixed up. */
  readonly notices: readonly PlaygroundNotice[];
  /**
   * building: a fresh model is being made; loading: a trained file is being fetched and checked;
   * ready: a model is there, not training; running / paused as the buttons say; error: see error.
   */
  readonly status: 'building' | 'loading' | 'ready' | 'running' | 'paused' | 'error';
  readonly step: number;
  /** Per-step training loss and batch accuracy (thinned to at most MAX_CHART_POINTS, keeping the newest). */
  readonly history: readonly TrainingPoint[];
  /** Held-out evaluations (accuracy; loss is the held-out loss). */
  readonly heldOutHistory: readonly TrainingPoint[];
  readonly heldOut: EvalResult | null;
  readonly sample: SampleView | null;
  /** The student's own input for the maps, or null for held-out sequence 0 (in the URL as input=…). */
  readonly sampleInput: readonly number[] | null;
  /** Heads switched off, [layer][head] (true = off), or null when every head is on. A new model has all on. */
  readonly headsOff: readonly (readonly boolean[])[] | null;
  readonly stepsPerSecond: number;
  /** The model being trained (from params, or from a loaded file). */
  readonly config: TinyModelConfig | null;
  readonly source: 'fresh' | 'file';
  /**
   * What went wrong. `message` is an English sentence (the engine's words; shown when there is no `problem`, and
   * kept for logs). For code 'file', `problem` says why the file was refused (the page translates it) and `file` is
   * the file's name as shown (cut to a readable length). 'send': a command could not be given to the worker.
   */
  readonly error: {
    readonly code: 'bad-command' | 'engine' | 'no-model' | 'fetch' | 'file' | 'send';
    readonly message: string;
    readonly problem?: ModelFileProblem;
    readonly file?: string;
  } | null;

  /** Changes settings (validated; bad values become notices), rebuilds a fresh model and updates the URL. */
  setParams(change: Partial<PlaygroundParams>): void;
  start(): void;
  pause(): void;
  stepOnce(): void;
  /** A fresh model with the current params, step 0, chart cleared. */
  reset(): void;
  /** Fetches ./models/<task>.json (relative to the page) and loads it; a missing or malformed file sets error. */
  loadTrained(): Promise<void>;
  dismissNotices(): void;
  /** The current model as a weights file (the format of public/models), or null when there is no model. */
  exportWeights(): Promise<WeightsFile | null>;
  /**
   * Loads a weights file the student picked: `text` is its content (checked and parsed by the worker), `name` its
   * file name for the messages. A refused file sets error 'file' with the problem and keeps the model there was.
   */
  loadFile(text: string, name: string): Promise<void>;
  /** A file refused before it was read (too large, unreadable): training pauses, error 'file', the model stays. */
  refuseFile(refusal: ModelFileRefusal, name: string): void;
  /** Switches one head off or back on (the model keeps training with it off); the held-out figures follow. */
  setHeadOff(layer: number, head: number, off: boolean): void;
  /** Shows the maps for this input from now on (null: back to the held-out sequence); updates the URL. */
  setSampleInput(inputs: readonly number[] | null): void;
}

export const MAX_CHART_POINTS = 2000;
