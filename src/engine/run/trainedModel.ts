import { createLmTokenizer, type LmTokenizer } from '../lm';
import { parseLmModelFile, referenceProduct, type LmModelFile, type LmModelHeader } from '../lm/modelFile';
import { CausalLmModel } from './causalLmModel';
import { wasmProduct } from './wasmBackend';

/** A language model file turned into a runnable model: the weights, its own tokenizer, and what the file says of it. */
export interface TrainedModel {
  readonly model: CausalLmModel;
  readonly header: LmModelHeader;
}

/** Parses a model file (src/engine/lm/modelFile.ts) and builds the model; throws an EngineError naming what is wrong. */
export function trainedModelFromBytes(buffer: ArrayBuffer): TrainedModel {
  return trainedModelFromFile(readTrainedModelFile(buffer));
}

/**
 * The first half of `trainedModelFromBytes`: the file parsed and checked, its float32 weights rebuilt (plain data:
 * a Web Worker can do it and transfer the weights to a page). A factorised token table is rebuilt on the kernels'
 * GEMM when `onKernels` (by default: when they are loaded here; the app loads them before the model), else on the
 * reference product; the two differ in the last bits, so a worker that decodes for a page passes the page's
 * choice. Throws an EngineError naming what is wrong with the file, and a plain Error when asked for kernels that
 * are not loaded.
 */
export function readTrainedModelFile(buffer: ArrayBuffer, onKernels = wasmProduct() !== null): LmModelFile {
  const kernels = wasmProduct();
  if (onKernels && !kernels) throw new Error('readTrainedModelFile: the kernels are not loaded here.');
  return parseLmModelFile(buffer, onKernels && kernels ? kernels : referenceProduct);
}

/** The second half: the model built from a decoded file (its tokenizer made here, unless given). */
export function trainedModelFromFile(file: Pick<LmModelFile, 'weights' | 'header' | 'vocabulary'>, tokenizer: LmTokenizer = createLmTokenizer(file.vocabulary)): TrainedModel {
  return { model: new CausalLmModel(file.weights, { tokenizer }), header: file.header };
}
