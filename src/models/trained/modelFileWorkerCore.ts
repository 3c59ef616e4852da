import { fastAttentionEnabled, readTrainedModelFile, type CausalLmWeights, type LmModelFile } from '../../engine';
import { answerInOrder, type WorkerAnswer, type WorkerRequest } from '../pipeline/workerCalls';

/*
 * The worker's side of decoding the trained model's file (modelFileOffThread.ts is the page's): the file parsed and
 * checked, its float16 and int8 tensors turned into float32 and the factorised token table rebuilt (53,248 × 48 ×
 * 128 on the kernels' GEMM), about 150–200 ms of CPU that would otherwise hold the page when the file arrives.
 *
 *   page → worker  { id, bytes: ArrayBuffer (a copy), onKernels }   onKernels: whether the page has the kernels
 *   worker → page  WorkerAnswer<LmModelFile | null>                 the weights' buffers transferred, not copied;
 *                                                                    null: it cannot decode as the page would
 */

export interface DecodeRequest extends WorkerRequest {
  readonly bytes: ArrayBuffer;
  /** The product the page would rebuild the token table with (readTrainedModelFile), so the weights are its own. */
  readonly onKernels: boolean;
}

export type DecodeAnswer = WorkerAnswer<LmModelFile | null>;

/** Every buffer under the weights' typed arrays, once each (views that share one buffer keep sharing it). */
export function weightBuffers(weights: CausalLmWeights): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const visit = (value: unknown): void => {
    if (ArrayBuffer.isView(value)) {
      if (value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
    } else if (value !== null && typeof value === 'object') {
      for (const inner of Object.values(value)) visit(inner);
    }
  };
  visit(weights);
  return [...buffers];
}

/** One request: the decoded file and the buffers to transfer; a damaged file throws the engine's EngineError. */
export function decodeModelFile(request: DecodeRequest): { readonly value: LmModelFile | null; readonly transfer: Transferable[] } {
  // Without the kernels here the token table's last bits would differ from the page's: the page decodes it.
  if (request.onKernels && !fastAttentionEnabled()) return { value: null, transfer: [] };
  const file = readTrainedModelFile(request.bytes, request.onKernels);
  return { value: file, transfer: weightBuffers(file.weights) };
}

/** The worker's message handler (modelFileWorker.ts connects it), once its kernels have loaded. */
export function modelFileWorkerHandler(post: (reply: DecodeAnswer, transfer?: Transferable[]) => void): (request: DecodeRequest) => void {
  return answerInOrder(decodeModelFile, post);
}
