import type { ModelKind } from '../models/modelKind';
import { isModelKindId, modelKind, modelKindIds } from '../models/registry';

/**
 * Which model the lab runs: the id of a registered model kind (src/models/registry.ts: the language model this
 * project trained, the untrained encoder for the mechanics, a GPT-2 checkpoint the student opened, …). An id no kind
 * has (an old saved setting) runs the stand-in.
 */
export type ModelChoice = string;

/** The ids the picker offers, in the registry's order. */
export function modelChoices(): readonly ModelChoice[] {
  return modelKindIds();
}

export function isModelChoice(value: string): value is ModelChoice {
  return isModelKindId(value);
}

/** What the views ask of the chosen model: its kind (traits, status, runner). */
export function kindOf(choice: ModelChoice): ModelKind {
  return modelKind(choice);
}

/** A language model (its own causal mask, predictions): the trained one or a GPT-2 checkpoint. */
export function isLanguageModel(choice: ModelChoice): boolean {
  return modelKind(choice).traits.causal;
}
