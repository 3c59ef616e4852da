import { createLmTokenizer } from '../lm';
import { parseLmModelFile, type LmModelHeader } from '../lm/modelFile';
import { CausalLmModel } from './causalLmModel';
import { wasmProduct } from './wasmBackend';

/** A language model file turned into a runnable model: the weights, its own tokenizer, and what the file says of it. */
export interface TrainedModel {
  readonly model: CausalLmModel;
  readonly header: LmModelHeader;
}

/** Parses a model file (src/engine/lm/modelFile.ts) and builds the model; throws an EngineError naming what is wrong. */
export function trainedModelFromBytes(buffer: ArrayBuffer): TrainedModel {
  // A factorised embedding is rebuilt on the kernels when they are loaded (the app loads them before the model).
  const file = parseLmModelFile(buffer, wasmProduct() ?? undefined);
  return { model: new CausalLmModel(file.weights, { tokenizer: createLmTokenizer(file.vocabulary) }), header: file.header };
}
