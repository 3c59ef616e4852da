import type { DetachedLmRun, LmRunOptions, Matrix } from '../../engine';
import type { Gpt2LoadStage, Gpt2Reply, Gpt2Request } from './gpt2Protocol';

/*
 * The page's side of the GPT-2 worker (gpt2Worker.ts): one worker per opened checkpoint, promises for its answers.
 * The app's entries say how to start it (setGpt2WorkerFactory); where there is no factory (the custom elements run
 * inside another site's page, which cannot start a worker from our origin) no checkpoint can be opened.
 */

export type Gpt2WorkerFactory = () => Worker;

let factory: Gpt2WorkerFactory | null = null;

export function setGpt2WorkerFactory(next: Gpt2WorkerFactory | null): void {
  factory = next;
}

export function canOpenCheckpoints(): boolean {
  return factory !== null;
}

export interface WorkerRunAnswer {
  readonly run: DetachedLmRun;
  readonly baselineLogits: Matrix | null;
}

interface Pending<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

export class Gpt2Client {
  readonly #worker: Worker;
  #nextId = 1;
  readonly #runs = new Map<number, Pending<WorkerRunAnswer>>();
  #load: Pending<void> | null = null;
  #probe: Pending<number[][]> | null = null;
  #probePromise: Promise<number[][]> | null = null;
  #onStage: (stage: Gpt2LoadStage) => void = () => {};

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.onmessage = (message: MessageEvent<Gpt2Reply>) => this.#answer(message.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.#failAll(new Error(event.message || 'The GPT-2 worker stopped.'));
    };
  }

  /** A new worker, or null where this page cannot start one. */
  static start(): Gpt2Client | null {
    if (!factory) return null;
    try {
      return new Gpt2Client(factory());
    } catch {
      return null; // e.g. a Content Security Policy without worker-src
    }
  }

  /** Hands the checkpoint to the worker (the buffer is transferred: this page's copy is gone after the call). */
  load(safetensors: ArrayBuffer, config: unknown, onStage: (stage: Gpt2LoadStage) => void): Promise<void> {
    this.#onStage = onStage;
    return new Promise((resolve, reject) => {
      this.#load = { resolve, reject };
      this.#post({ type: 'load', safetensors, config }, [safetensors]);
    });
  }

  /** A run; `have`: ids of the layer traces this page holds from earlier answers (the worker leaves them out). */
  run(ids: readonly number[], options: LmRunOptions, text: string | null, baseline: boolean, have: readonly number[] = []): Promise<WorkerRunAnswer> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#runs.set(id, { resolve, reject });
      this.#post({ type: 'run', id, ids, options, text, baseline, have });
    });
  }

  /** The induction probe's [layer][head] scores, asked once. */
  inductionScores(): Promise<number[][]> {
    this.#probePromise ??= new Promise((resolve, reject) => {
      this.#probe = { resolve, reject };
      this.#post({ type: 'probe' });
    });
    return this.#probePromise;
  }

  terminate(): void {
    this.#worker.terminate();
    this.#failAll(new Error('The checkpoint was closed.'));
  }

  #post(request: Gpt2Request, transfer: Transferable[] = []): void {
    this.#worker.postMessage(request, transfer);
  }

  #answer(reply: Gpt2Reply): void {
    switch (reply.type) {
      case 'progress':
        this.#onStage(reply.stage);
        return;
      case 'loaded':
        this.#load?.resolve();
        this.#load = null;
        return;
      case 'load-failed':
        this.#load?.reject(new Error(reply.message));
        this.#load = null;
        return;
      case 'ran':
      case 'run-failed': {
        const pending = this.#runs.get(reply.id);
        this.#runs.delete(reply.id);
        if (reply.type === 'ran') pending?.resolve({ run: reply.run, baselineLogits: reply.baselineLogits });
        else pending?.reject(new Error(reply.message));
        return;
      }
      case 'probed':
        this.#probe?.resolve(reply.scores);
        return;
      case 'probe-failed':
        this.#probe?.reject(new Error(reply.message));
        return;
    }
  }

  #failAll(error: Error): void {
    this.#load?.reject(error);
    this.#load = null;
    for (const pending of this.#runs.values()) pending.reject(error);
    this.#runs.clear();
    this.#probe?.reject(error);
  }
}
