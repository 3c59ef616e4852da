import type { ModelConfig } from '../model';
import { EncoderModel } from './encoderModel';
import { StageCache } from './stageCache';

// The lab, the walkthrough and the lesson widgets ask for the same config: they share one model, and so its caches.
// Two are kept, so sliding through widths does not hold a model (and its cached traces) per step.
const models = new StageCache<string, EncoderModel>(2, Object.is);

/** The encoder for `config`, made once per config. Throws an EngineError for an impossible config. */
export function encoderModel(config: ModelConfig): EncoderModel {
  const { embedDim, numHeads, numLayers, ffnDim, seed } = config;
  const key = `${embedDim}/${numHeads}/${numLayers}/${ffnDim ?? ''}/${seed}`;
  return models.getOrCompute(key, () => new EncoderModel({ embedDim, numHeads, numLayers, ffnDim, seed }));
}
