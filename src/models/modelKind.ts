import type { EngineError, LmRunInputs, ModelConfig, RunInputs, Token } from '../engine';
import type { ModelStatus, StatusPlace } from './modelStatus';
import type { LabResult } from './runResult';

/*
 * A model kind: everything the app knows of one kind of model, in its own folder (src/models/<kind>/) and listed once
 * in registry.ts. The rest of the app asks a kind what it has (its traits), how it loads and how it runs a request,
 * never which kind it is.
 *
 *   kind.traits             causal or not, what its output panel shows, the walkthrough's LayerNorm order, a fixed shape
 *   kind.runner()           how to run a request now, or null until what it needs has loaded (the untrained encoder
 *                           stands in meanwhile, and the status line says why)
 *   kind.ensureLoaded()     starts loading its file, once; kind.subscribe(listener) is told when runner() changes
 *   kind.link               how a link's model= names it, when more than its id can (a checkpoint's path)
 */

/** The width, heads and layers of a model. */
export interface ModelShape {
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
}

export interface ModelTraits {
  /**
   * Its own causal mask (a language model): views offer the "causal" switch, and the mask choice's "causal" adds
   * nothing to its run.
   */
  readonly causal: boolean;
  /** What the output panel shows: the next token's top 5, or nothing (an encoder without a head). */
  readonly predictions: 'next-token' | null;
  /** The LayerNorm order the walkthrough shows: the settings' choice, or the one the model was built with. */
  readonly normOrder: 'settings' | 'pre-LN';
  /** Its shape when it is fixed by its file (known before the file arrives), or null: the settings' width, heads, layers. */
  readonly fixedShape: ModelShape | null;
  /**
   * Its shape is known only once it is open (a checkpoint the student chooses): links may name heads up to this
   * shape, and the walkthrough says "the checkpoint you opened".
   */
  readonly openedShape: ModelShape | null;
  /** At most this many tokens are read, whatever the lab's limit; null: the lab's limit. */
  readonly tokenLimit: number | null;
  /** The lab's presets (a repeated phrase, a repeated name …) were chosen to show this model at work. */
  readonly presets: boolean;
  /** The interface's name for it: `model.<labelKey>` in the picker, `model.hint.<labelKey>` under it. */
  readonly labelKey: string;
  /** Its card (a README next to its file, relative to the app's folder), or null. */
  readonly cardHref: string | null;
  /** The interface's sentences about it (message keys; each names its placeholders). */
  readonly messages: {
    /** A text cut at its token limit: {total}, {limit}. */
    readonly truncated: string;
    /** Its shape is not the settings': {width}, {heads}, {layers}; null: the settings' width, heads and layers apply. */
    readonly fixedShape: string | null;
    /** Its shape before a file is open; null: it is known before. */
    readonly noShapeYet: string | null;
  };
}

/** One request: the engine's inputs (mask already adapted to the model's own causal mask) and the settings' encoder shape. */
export interface RunRequest {
  /** The untrained encoder's shape and seed from the settings (read only by kinds whose shape is the settings'). */
  readonly config: ModelConfig;
  readonly inputs: RunInputs & LmRunInputs & { readonly tokenLimit: number };
}

/** Told when a worker's answer arrives (the run queue's subscribe). */
export interface AnswerSource {
  subscribe(listener: () => void): () => void;
}

/** Where and how a request is computed; the pipeline (run/labRunSource.ts) does the rest the same for every kind. */
export type RunPlan =
  | {
      readonly where: 'page';
      readonly compute: () => LabResult;
      /** A long text: a keystroke waits for a pause in typing before it is computed (the last drawing stays, pending). */
      readonly waitsForPause: boolean;
      readonly heldTokens: () => readonly Token[];
    }
  | {
      readonly where: 'worker';
      readonly answers: AnswerSource;
      /** The answer if it has come, else null (and it is asked for, once). */
      readonly answer: () => LabResult | null;
      readonly heldTokens: () => readonly Token[];
      /**
       * What the first screen shows before any answer (nothing drawn yet: a link that opens on a long text), cheap
       * enough for the page: shown pending, with the whole text's tokens, until the answer. Absent: the stand-in's.
       */
      readonly firstOnPage?: () => LabResult;
      /** The whole run computed on the page, where the model can run there (a test, a page without the pipeline). */
      readonly wholeOnPage?: () => LabResult;
    }
  | { readonly where: 'refused'; readonly error: EngineError };

/** A loaded model's way of running requests. */
export interface ModelRunner {
  /** Changes when the model behind it changes (a new file): the pipeline recomputes then. */
  readonly identity: object;
  plan(request: RunRequest): RunPlan;
  /**
   * The induction probe's scores per layer and head, measured off the page (the checkpoint's worker, the trained
   * file's probe worker); null: this page measures it itself in slices (run/useHeadLabels.ts). Absent: no probe.
   */
  readonly inductionProbe?: () => Promise<readonly (readonly number[])[]> | null;
}

/** How a link's model= names a kind beyond its id (a checkpoint's path on this site). */
export interface KindLink {
  /** Whether a model= value names this kind. */
  names(raw: string): boolean;
  /** The value a new link writes (the checkpoint's path), or null: the kind's id. */
  current(): string | null;
  /** Opens what a query's model= names (loads the checkpoint), unless it is open already. */
  openFromQuery(search: string): void;
}

export interface ModelKind {
  /** Its name in links, settings and the registry ('trained', 'untrained', 'gpt2'). */
  readonly id: string;
  readonly traits: ModelTraits;
  readonly link?: KindLink;
  /** Starts loading what it needs (once; after a failure, again). Kinds that need nothing do nothing. */
  ensureLoaded(): void;
  subscribe(listener: () => void): () => void;
  runner(): ModelRunner | null;
  /** Its shape now: fixed, or the opened model's; null: the settings' (or none open yet). */
  shape(): ModelShape | null;
  /** What the status line says of it (loading, a note, a failure), the same object until that changes. */
  status(place: StatusPlace): ModelStatus;
}
