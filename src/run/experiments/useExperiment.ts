import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { EngineError } from '../../engine';
import { experimentCache, outcomeOf, type Outcome } from './cache';
import { computeOffPage } from './offPage';
import { paramsKey } from './paramsKey';
import { EXPERIMENTS, runExperiment, type ExperimentName, type ExperimentParams, type ExperimentResult } from './table';

/**
 * What a widget gets for its experiment:
 * - `done`: the result, plain data;
 * - `error`: the engine refused the params (an EngineError, for engineErrorMessage);
 * - `pending`: a slow experiment is computing after the first paint; `previous` is this widget's last result of
 *   the experiment (for other params), so it can keep its drawing, marked pending, instead of going blank.
 */
export type ExperimentState<R> =
  | { readonly status: 'done'; readonly value: R }
  | { readonly status: 'error'; readonly error: EngineError }
  | { readonly status: 'pending'; readonly previous: R | null };

/** Off-page computations in flight, by key: two widgets asking the same thing wait for one computation. */
const inFlight = new Map<string, Promise<void>>();

function startOffPage<N extends ExperimentName>(name: N, params: ExperimentParams<N>, key: string): void {
  if (inFlight.has(key)) return;
  const done = computeOffPage(name, params).then(
    (outcome) => {
      inFlight.delete(key);
      experimentCache.set(key, outcome, true);
    },
    (error: unknown) => {
      inFlight.delete(key);
      // Not an EngineError: a bug, reported like one thrown during render would be.
      setTimeout(() => {
        throw error;
      });
    },
  );
  inFlight.set(key, done);
}

/**
 * Resolves once no off-page experiment is computing (including any that an answer's re-render starts). For tests
 * (wrap it in act) and for scripts that measure a page; widgets never wait.
 */
export async function experimentsSettled(): Promise<void> {
  while (inFlight.size > 0) {
    await Promise.all(inFlight.values());
    // Let the widgets re-render with the answers (and their effects start what they ask next).
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * A lesson widget's own small experiment (src/run/experiments/table.ts), memoised in one cache bounded at
 * EXPERIMENT_CACHE_SIZE outcomes, keyed on the experiment's name and its params (paramsKey: primitives, arrays and
 * plain objects by value; matrices' data and other objects by identity). A fast experiment is computed during render
 * the first time and read from the cache after; a slow one (`offPage`) is computed after the first paint through
 * computeOffPage, and the widget renders `pending` meanwhile. `null` params: nothing to compute (pending, no result).
 */
export function useExperiment<N extends ExperimentName>(name: N, params: ExperimentParams<N> | null): ExperimentState<ExperimentResult<N>> {
  type R = ExperimentResult<N>;
  const key = params === null ? null : paramsKey(name, params);
  const snapshot = useCallback(() => (key === null ? undefined : (experimentCache.peek(key) as Outcome<R> | undefined)), [key]);
  let outcome = useSyncExternalStore(experimentCache.subscribe, snapshot, snapshot);
  if (outcome === undefined && params !== null && key !== null && !EXPERIMENTS[name].offPage) {
    // Fast: computed here once, then read from the cache (no notification: this render already has it).
    outcome = outcomeOf(() => runExperiment(name, params));
    experimentCache.set(key, outcome);
  }

  const waiting = outcome === undefined && params !== null;
  useEffect(() => {
    if (waiting && key !== null && params !== null) startOffPage(name, params, key);
    // `key` stands for `params`: it changes exactly when they give a different result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, key, name]);

  // This widget's last result, kept for the pending state (derived during render, as React recommends).
  const [previous, setPrevious] = useState<R | null>(null);
  if (outcome?.ok && outcome.value !== previous) setPrevious(outcome.value);

  if (outcome === undefined) return { status: 'pending', previous };
  return outcome.ok ? { status: 'done', value: outcome.value } : { status: 'error', error: outcome.error };
}

/** The result to draw: the current one, or while pending the widget's previous one; null when there is none (pending or refused). */
export function latestValue<R>(state: ExperimentState<R>): R | null {
  return state.status === 'done' ? state.value : state.status === 'pending' ? state.previous : null;
}

/**
 * For a fast experiment (not `offPage`, so never pending) whose params the widget has already checked: its value;
 * a refusal is thrown, as the engine call made in render used to (the widget's error boundary shows it).
 */
export function fastValue<R>(state: ExperimentState<R>): R {
  if (state.status === 'done') return state.value;
  if (state.status === 'error') throw state.error;
  throw new Error('fastValue: this experiment is computed off the page; handle its pending state.');
}
