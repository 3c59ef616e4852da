import { asEngineError, EngineError, type CausalLmModel } from '../../../engine';
import { generate, type GenerateOptions, type Generation, type GenerationStrategy } from '../../../engine/decoding';
import { generateOffThread } from './generateOffThread';

/** The widget's controls, as chosen. */
export interface GenerationSettings {
  readonly prompt: string;
  readonly mode: 'greedy' | 'sample';
  /** 0.1 … 2 (the slider's range). */
  readonly temperature: number;
  readonly seed: number;
  /** 1 … 20. */
  readonly tokens: number;
}

export const TEMPERATURE_RANGE = { min: 0.1, max: 2, step: 0.1 } as const;
export const TOKEN_RANGE = { min: 1, max: 20 } as const;

/** What pressing "generate" gave: the generation and the settings it ran with, or why there is none. */
export type GenerationOutcome =
  | { readonly kind: 'done'; readonly generation: Generation; readonly settings: GenerationSettings }
  | { readonly kind: 'empty' }
  | { readonly kind: 'too-long'; readonly contextLength: number }
  | { readonly kind: 'failed'; readonly error: EngineError };


/** A whole number ≥ 0 from the seed box ("" or junk: 0), so a draw is always reproducible and never NaN. */
export function seedFrom(text: string): number {
  const n = Math.floor(Math.abs(Number(text)));
  return Number.isFinite(n) ? Math.min(n, 0xffffffff) : 0;
}

export function strategyOf(settings: GenerationSettings): GenerationStrategy {
  return settings.mode === 'greedy' ? 'greedy' : { temperature: settings.temperature, seed: settings.seed };
}

/** What a finished generation (or the engine's refusal) means for the widget. */
export function outcomeOf(settings: GenerationSettings, done: Generation | EngineError): GenerationOutcome {
  if (done instanceof EngineError) return done.code === 'empty-input' ? { kind: 'empty' } : { kind: 'failed', error: done };
  if (done.steps.length === 0 && done.stopReason === 'context') return { kind: 'too-long', contextLength: done.contextLength };
  return { kind: 'done', generation: done, settings };
}

/** The engine's options for the settings. */
export function generateOptionsOf(settings: GenerationSettings): GenerateOptions {
  return { steps: settings.tokens, strategy: strategyOf(settings) };
}

/** Runs the generation the settings describe on this page; an empty prompt or a full context is an outcome, not an exception. */
export function runGeneration(model: CausalLmModel, settings: GenerationSettings): GenerationOutcome {
  if (settings.prompt.trim() === '') return { kind: 'empty' };
  try {
    // Up to 20 passes: the model's generation variant, whose cached stages are not the lab's.
    return outcomeOf(settings, generate(model.variant('generation'), settings.prompt, generateOptionsOf(settings)));
  } catch (error) {
    if (error instanceof EngineError) return outcomeOf(settings, error);
    throw error;
  }
}

/**
 * The generation the settings describe, for the widget: computed in the generation worker when the page has one and
 * the model file (`bytes`, as lmModelStore fetched it), else on the page at once. A promise means "generating"; it
 * always resolves to an outcome: a stopped worker falls back to the page, and anything else unexpected is a failure.
 */
export function requestGeneration(model: CausalLmModel, bytes: ArrayBuffer | undefined, settings: GenerationSettings): GenerationOutcome | Promise<GenerationOutcome> {
  const offThread = bytes && settings.prompt.trim() !== '' ? generateOffThread(bytes, settings.prompt, generateOptionsOf(settings)) : null;
  if (!offThread) return runGeneration(model, settings);
  return offThread
    .then(
      (generation) => outcomeOf(settings, generation),
      (err: unknown) => (err instanceof EngineError ? outcomeOf(settings, err) : runGeneration(model, settings)),
    )
    .catch((err: unknown) => outcomeOf(settings, asEngineError(err)));
}
