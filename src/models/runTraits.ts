import type { ModelRunner, ModelTraits } from './modelKind';
import type { LabComputation, LabResult } from './runResult';

/*
 * Which kind's traits a run has: its runner tags each result it makes, so a view asks the run what its model has
 * (registry.ts: traitsOfRun), never which kind it is.
 */
const tagged = new WeakMap<LabComputation, ModelTraits>();

/** `result` as made by a model with `traits` (the same object, tagged). */
export function tagRun<R extends LabResult>(result: R, traits: ModelTraits): R {
  if (result.ok) tagged.set(result, traits);
  return result;
}

export function taggedTraits(run: LabComputation): ModelTraits | undefined {
  return tagged.get(run);
}

/** A worker's answer (or null while it computes), tagged. */
export function tagAnswer(answer: LabResult | null, traits: ModelTraits): LabResult | null {
  return answer && tagRun(answer, traits);
}

const runnersByModel = new WeakMap<object, ModelRunner>();

/** Remembers `runner` as the one of its model (its identity), so what reads a run's model can ask it (the probe). */
export function rememberRunner<R extends ModelRunner>(runner: R): R {
  runnersByModel.set(runner.identity, runner);
  return runner;
}

/** The runner of a run's model (`run.model`), when a kind made it. */
export function runnerOfModel(model: object): ModelRunner | undefined {
  return runnersByModel.get(model);
}
