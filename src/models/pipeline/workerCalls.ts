import { asEngineError, enableFastAttention, EngineError, type EngineErrorCode } from '../../engine';

/*
 * The one protocol between the page and every model worker, both sides: the untrained encoder's long texts
 * (untrained/), a GPT-2 checkpoint's load, runs and probe (gpt2/), the trained model's file, generation and probe
 * (trained/). A request is numbered; the worker answers it, after the WebAssembly kernels have loaded, with progress
 * (any number of times), then its value or the engine's refusal. The page keeps a promise per request and, where the
 * worker cannot start or stops, answers null or a plain Error, so the caller computes on the page or says why.
 *
 *   page → worker   { id, …the request }
 *   worker → page   { id, progress }*  then  { id, ok: true, value }  |  { id, ok: false, code, message, details }
 */

/** A request the worker answers; `id` names it in the answer. */
export interface WorkerRequest {
  readonly id: number;
}

/**
 * The worker's message about one request: progress on the way (a load's stage), then its value (its Float32Arrays
 * transferred), or why the engine refused it.
 */
export type WorkerAnswer<T, Progress = never> =
  | { readonly id: number; readonly progress: Progress }
  | { readonly id: number; readonly ok: true; readonly value: T }
  | { readonly id: number; readonly ok: false; readonly code: EngineErrorCode; readonly message: string; readonly details: Readonly<Record<string, number | string>> };

/** A request's answer and the buffers to transfer with it (not copied). */
export interface Computed<T> {
  readonly value: T;
  readonly transfer: Transferable[];
}

/**
 * The worker's side: answers each request through `post` once the kernels have loaded (without SIMD the TypeScript
 * engine gives the same numbers, more slowly), starting them in the order asked. A synchronous `compute` is answered
 * in that order; an asynchronous one (a load, a probe that yields between passes) answers when it is done, and the
 * requests after it are not held for it. `progress` sends a message on the way. Anything `compute` throws (or
 * rejects with) is a refusal.
 */
export function answerInOrder<Request extends WorkerRequest, T, Progress = never>(
  compute: (request: Request, progress: (value: Progress) => void) => Computed<T> | Promise<Computed<T>>,
  post: (reply: WorkerAnswer<T, Progress>, transfer?: Transferable[]) => void,
): (request: Request) => void {
  const kernels = enableFastAttention().catch(() => false);
  let queue: Promise<unknown> = Promise.resolve();
  const refuse = (request: Request, err: unknown): void => {
    const error = asEngineError(err);
    post({ id: request.id, ok: false, code: error.code, message: error.message, details: error.details });
  };
  const answer = (request: Request): void => {
    try {
      const computed = compute(request, (value) => post({ id: request.id, progress: value }));
      if (computed instanceof Promise) computed.then(({ value, transfer }) => post({ id: request.id, ok: true, value }, transfer), (err: unknown) => refuse(request, err));
      else post({ id: request.id, ok: true, value: computed.value }, computed.transfer);
    } catch (err) {
      refuse(request, err);
    }
  };
  return (request) => {
    queue = queue.then(() => kernels).then(() => answer(request));
  };
}

/**
 * The page's side of one worker, started on first use from the factory the app's entry gave (setFactory). `call`
 * answers null where there is no worker (no factory: custom elements, tests; a Content Security Policy without
 * worker-src; a worker that stopped); its promise rejects with the engine's EngineError for a refusal and with a plain
 * Error when the worker stops (every call then waiting fails, and no new worker is started until setFactory).
 */
export class WorkerCalls<Request extends WorkerRequest, T, Progress = never> {
  readonly #name: string;
  #factory: (() => Worker) | null = null;
  #worker: Worker | null = null;
  #broken = false;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(value: T): void; reject(error: Error): void; progress?: (value: Progress) => void }>();

  /** `name`: the worker's, for the error when it stops ("The encoder worker stopped."). */
  constructor(name: string, factory: (() => Worker) | null = null) {
    this.#name = name;
    this.#factory = factory;
  }

  /** Whether this page can start the worker at all (it has a factory, and starting has not failed). */
  startable(): boolean {
    return this.#factory !== null && !this.#broken;
  }

  /** Stops the worker (and the memory it holds): calls waiting fail with `reason`; the next call starts a new one. */
  stop(reason = `The ${this.#name} worker was stopped.`): void {
    this.#stop(new Error(reason));
  }

  /** How this page starts the worker; null: it has none. A worker already started is stopped. */
  setFactory(next: (() => Worker) | null): void {
    this.#stop(new Error(`The ${this.#name} worker was replaced.`));
    this.#factory = next;
    this.#broken = false;
  }

  /** Whether a call would reach a worker (starting it if need be). */
  available(): boolean {
    return this.#started() !== null;
  }

  /**
   * Sends the request `build` makes with its id (`transfer`: buffers moved, not copied); `progress` hears its progress
   * messages. null when there is no worker to send it to.
   */
  call(build: (id: number) => Request, transfer: Transferable[] = [], progress?: (value: Progress) => void): Promise<T> | null {
    const worker = this.#started();
    if (!worker) return null;
    const id = this.#nextId++;
    const request = build(id);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, progress });
      worker.postMessage(request, transfer);
    });
  }

  #started(): Worker | null {
    if (this.#worker) return this.#worker;
    if (!this.#factory || this.#broken) return null;
    let worker: Worker;
    try {
      worker = this.#factory();
    } catch {
      this.#broken = true; // e.g. a Content Security Policy without worker-src
      return null;
    }
    worker.onmessage = (message: MessageEvent<WorkerAnswer<T, Progress>>) => {
      const reply = message.data;
      const waiting = this.#pending.get(reply.id);
      if ('progress' in reply) {
        waiting?.progress?.(reply.progress);
        return;
      }
      this.#pending.delete(reply.id);
      if (!waiting) return;
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new EngineError(reply.code, reply.message, { ...reply.details }));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.#broken = true;
      this.#stop(new Error(event.message || `The ${this.#name} worker stopped.`));
    };
    this.#worker = worker;
    return worker;
  }

  #stop(error: Error): void {
    this.#worker?.terminate();
    this.#worker = null;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}
