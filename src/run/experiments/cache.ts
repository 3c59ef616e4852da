import { EngineError } from '../../engine';

/** What an experiment gave: its result, or the EngineError it refused with (kept like a result: same params, same refusal). */
export type Outcome<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: EngineError };

/** Runs `compute`, turning an EngineError into an outcome; any other error is a bug and is thrown. */
export function outcomeOf<R>(compute: () => R): Outcome<R> {
  try {
    return { ok: true, value: compute() };
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, error };
    throw error;
  }
}

/** How many outcomes are kept, all experiments together: a page shows at most a dozen widgets. */
export const EXPERIMENT_CACHE_SIZE = 32;

/**
 * The experiments' one cache: outcomes by key (`paramsKey(name, params)`), least recently used dropped past
 * EXPERIMENT_CACHE_SIZE. Module-level, so two widgets (or a lesson's widget and the walkthrough) with the same
 * params share one computation.
 */
export class OutcomeCache {
  readonly #entries = new Map<string, Outcome<unknown>>();
  readonly #listeners = new Set<() => void>();

  constructor(readonly capacity: number) {}

  get(key: string): Outcome<unknown> | undefined {
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  /** The outcome without marking it used (a snapshot read). */
  peek(key: string): Outcome<unknown> | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `outcome`; `notify` tells the subscribed widgets (an off-page answer arrived). */
  set(key: string, outcome: Outcome<unknown>, notify = false): void {
    this.#entries.delete(key);
    this.#entries.set(key, outcome);
    while (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    if (notify) for (const listener of [...this.#listeners]) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}

export const experimentCache = new OutcomeCache(EXPERIMENT_CACHE_SIZE);
