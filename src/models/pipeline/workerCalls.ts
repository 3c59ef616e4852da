import { asEngineError, enableFastAttention, EngineError, type EngineErrorCode } from '../../engine';

/*
 * Numbered requests to a Web Worker and its answers, both sides: the untrained encoder's long texts
 * (encoderWorker/) and generation (generation/) use them. The worker answers each request in order, after the
 * WebAssembly kernels have loaded, with its value or the engine's refusal; the page keeps a promise per request and,
 * where the worker cannot start or stops, answers null or a plain Error, so the caller computes on the page.
 */

/** A request the worker answers; `id` names it in the answer. */
export interface WorkerRequest {
  readonly id: number;
}

/** The worker's answer to one request: its value (its Float32Arrays transferred), or why the engine refused it. */
export type WorkerAnswer<T> =
  | { readonly id: number; readonly ok: true; readonly value: T }
  | { readonly id: number; readonly ok: false; readonly code: EngineErrorCode; readonly message: string; readonly details: Readonly<Record<string, number | string>> };

/**
 * The worker's side: answers each request through `post`, in the order asked, once the kernels have loaded (without
 * SIMD the TypeScript engine gives the same numbers, more slowly). Anything `compute` throws is a refusal.
 */
export function answerInOrder<Request extends WorkerRequest, T>(
  compute: (request: Request) => { readonly value: T; readonly transfer: Transferable[] },
  post: (reply: WorkerAnswer<T>, transfer?: Transferable[]) => void,
): (request: Request) => void {
  const kernels = enableFastAttention().catch(() => false);
  let queue: Promise<unknown> = Promise.resolve();
  const answer = (request: Request): void => {
    try {
      const { value, transfer } = compute(request);
      post({ id: request.id, ok: true, value }, transfer);
    } catch (err) {
      const error = asEngineError(err);
      post({ id: request.id, ok: false, code: error.code, message: error.message, details: error.details });
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
export class WorkerCalls<Request extends WorkerRequest, T> {
  readonly #name: string;
  #factory: (() => Worker) | null = null;
  #worker: Worker | null = null;
  #broken = false;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(value: T): void; reject(error: Error): void }>();

  /** `name`: the worker's, for the error when it stops ("The encoder worker stopped."). */
  constructor(name: string) {
    this.#name = name;
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

  /** Sends the request `build` makes with its id; null when there is no worker to send it to. */
  call(build: (id: number) => Request, transfer: Transferable[] = []): Promise<T> | null {
    const worker = this.#started();
    if (!worker) return null;
    const id = this.#nextId++;
    const request = build(id);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
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
    worker.onmessage = (message: MessageEvent<WorkerAnswer<T>>) => {
      const reply = message.data;
      const waiting = this.#pending.get(reply.id);
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
