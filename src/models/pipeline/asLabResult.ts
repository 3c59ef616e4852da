import { EngineError, type CausalLmRun, type EncoderRun } from '../../engine';
import type { ModelTraits } from '../modelKind';
import type { LabResult } from '../runResult';
import { tagRun } from '../runTraits';

/**
 * A run as the views read it, tagged with the traits of the model that made it; or the engine's refusal (an empty
 * text, a wrong shape) as a failed result.
 */
export function asLabResult(traits: ModelTraits, run: () => EncoderRun | CausalLmRun): LabResult {
  try {
    return tagRun({ ok: true, ...run() }, traits);
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: err };
    throw err;
  }
}
