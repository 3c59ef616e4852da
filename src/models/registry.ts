import type { CausalLmRun } from '../engine';
import type { ModelKind, ModelRunner, ModelShape, ModelTraits } from './modelKind';
import type { LabComputation, LabResult } from './runResult';
import { taggedTraits } from './runTraits';
import { gpt2Kind } from './gpt2/gpt2Kind';
import { trainedKind } from './trained/trainedKind';
import { untrainedKind } from './untrained/untrainedKind';

/*
 * The model kinds the app offers, in the picker's order: one line each. A new kind is its folder and a line here
 * (tests register kinds of their own with registerModelKind).
 */
const kinds: ModelKind[] = [trainedKind, untrainedKind, gpt2Kind];

/** The kind that runs while another loads (and that the lessons teach the mechanics on). */
export const STAND_IN_KIND: ModelKind = untrainedKind;

/** The stand-in's runner: it needs nothing loaded, so it always has one. */
export function standInRunner(): ModelRunner {
  const runner = STAND_IN_KIND.runner();
  if (!runner) throw new Error('The stand-in model kind must always be able to run.');
  return runner;
}

export function modelKinds(): readonly ModelKind[] {
  return kinds;
}

export function modelKindIds(): readonly string[] {
  return kinds.map((k) => k.id);
}

/** The kind of this id; an unknown id (a removed kind in an old saved setting) is the stand-in. */
export function modelKind(id: string): ModelKind {
  return kinds.find((k) => k.id === id) ?? STAND_IN_KIND;
}

export function isModelKindId(id: string): boolean {
  return kinds.some((k) => k.id === id);
}

/** Adds a kind (a test's); returns how to remove it again. */
export function registerModelKind(kind: ModelKind): () => void {
  if (isModelKindId(kind.id)) throw new Error(`A model kind "${kind.id}" is registered already.`);
  kinds.push(kind);
  return () => {
    const at = kinds.indexOf(kind);
    if (at >= 0) kinds.splice(at, 1);
  };
}

/** The kind a link's model= value names: its id, or a value one kind's link reads (a checkpoint's path). */
export function kindOfLinkValue(raw: string): ModelKind | null {
  return kinds.find((k) => k.id === raw) ?? kinds.find((k) => k.link?.names(raw)) ?? null;
}

/**
 * The layers and heads a link's head switches and selection may name for this kind: the settings' (the untrained
 * encoder's, or a trained file's, which match them), or for a kind whose shape comes with the files it opens, the
 * largest it opens.
 */
export function linkShapeOf(id: string, settings: Pick<ModelShape, 'numLayers' | 'numHeads'>): Pick<ModelShape, 'numLayers' | 'numHeads'> {
  return modelKind(id).traits.openedShape ?? settings;
}

/**
 * The traits of the model that made `run`: its runner's tag; a run made outside the pipeline (a test's) by its shape:
 * a language model's like the trained model's, an encoder's like the untrained one's.
 */
export function traitsOfRun(run: LabComputation): ModelTraits {
  return taggedTraits(run) ?? (run.kind === 'causal_lm' ? trainedKind.traits : untrainedKind.traits);
}

/** The run when its model predicts the next token (a language model's run, with logits), else null. */
export function nextTokenRun(result: LabResult): (CausalLmRun & { readonly ok: true }) | null {
  return result.ok && result.kind === 'causal_lm' && traitsOfRun(result).predictions === 'next-token' ? result : null;
}
