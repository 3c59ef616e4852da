import { asEngineError, type EncoderLayerTrace } from '../../engine';
import type { LabResult } from '../runResult';

/*
 * Runs asked of a Web Worker (a GPT-2 checkpoint's, the untrained encoder's on a long text), for the lab's run source
 * (labRunSource.ts). The page never waits for one: it asks, keeps drawing what it has, and is told when the answer is
 * in. One run is in flight at a time; while it runs only the newest request waits (typing ten characters asks for one
 * run after the current one, not ten). Answers are kept for the last few settings, so toggling a head back and forth
 * answers at once.
 */

/** A request the queue can tell apart from others by its key (same key, same answer). */
export interface KeyedRequest {
  readonly key: string;
}

export class RunQueue<Request extends KeyedRequest> {
  readonly #send: (request: Request) => Promise<LabResult>;
  readonly #kept: number;
  readonly #answers = new Map<string, LabResult>();
  #inFlight: string | null = null;
  #waiting: Request | null = null;
  readonly #listeners = new Set<() => void>();

  /** `send` asks the worker and gives the result as the views read it; a rejection becomes a failed result. */
  constructor(send: (request: Request) => Promise<LabResult>, kept: number) {
    this.#send = send;
    this.#kept = kept;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The result for `request` if its answer has come; else asks for it (once) and returns null. */
  answer(request: Request): LabResult | null {
    const known = this.#answers.get(request.key);
    if (known) {
      // Most recently used last, so the oldest is the one dropped.
      this.#answers.delete(request.key);
      this.#answers.set(request.key, known);
      return known;
    }
    if (this.#inFlight === request.key) return null;
    if (this.#inFlight === null) this.#start(request);
    else this.#waiting = request;
    return null;
  }

  #start(request: Request): void {
    this.#inFlight = request.key;
    this.#waiting = null;
    this.#send(request).then(
      (result) => this.#keep(request.key, result),
      (err: unknown) => this.#keep(request.key, { ok: false, error: asEngineError(err) }),
    );
  }

  #keep(key: string, answer: LabResult): void {
    this.#answers.set(key, answer);
    while (this.#answers.size > this.#kept) this.#answers.delete(this.#answers.keys().next().value as string);
    this.#inFlight = null;
    const next = this.#waiting;
    if (next && !this.#answers.has(next.key)) this.#start(next);
    else this.#waiting = null;
    for (const listener of [...this.#listeners]) listener();
  }
}

/**
 * Layer traces received from a worker, by the worker's id: a layer its stage cache reused comes back as the object the
 * page already has, so views memoised on it (the heads grid's rows) do not redraw it. Keeps the most recently
 * received `most` layers.
 */
export class ReceivedLayers {
  readonly known = new Map<number, EncoderLayerTrace>();

  /** Marks the answer's layers as just used, then drops the least recently used beyond `most`. */
  touch(ids: readonly number[], most: number): void {
    for (const id of ids) {
      const layer = this.known.get(id);
      if (layer) {
        this.known.delete(id);
        this.known.set(id, layer);
      }
    }
    for (const id of this.known.keys()) {
      if (this.known.size <= most) break;
      this.known.delete(id);
    }
  }
}
