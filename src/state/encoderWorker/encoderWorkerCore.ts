/*
 * What the encoder worker does with each message (encoderProtocol.ts), apart from the worker itself (encoderWorker.ts
 * wires it to `self`; tests wire it to a stand-in). The models are the engine's shared ones (encoderModel), so a
 * toggle on the same text reuses the worker's cached stages, as it would on the page.
 */
import { asEngineError, copyForTransfer, detachEncoderRun, enableFastAttention, encoderModel, LayerTraceIds } from '../../engine';
import type { EncoderReply, EncoderRunRequest } from './encoderProtocol';

/** A handler for the worker's messages that answers through `post`, in the order asked. */
export function encoderWorkerHandler(post: (reply: EncoderReply, transfer?: Transferable[]) => void): (request: EncoderRunRequest) => void {
  // The same kernels as the page: without SIMD the TypeScript engine gives the same numbers, more slowly.
  const kernels = enableFastAttention().catch(() => false);
  // The same number for the same layer trace (a stage the model's cache kept): the page keeps its copy of it.
  const layerIds = new LayerTraceIds();
  let queue: Promise<void> = Promise.resolve();

  function run(request: EncoderRunRequest): void {
    try {
      const result = encoderModel(request.config).run(request.inputs);
      // Copied here into buffers of their own and transferred: the page takes the maps without copying them.
      const { value, transfer } = copyForTransfer(detachEncoderRun(result, layerIds, new Set(request.have)));
      post({ type: 'ran', id: request.id, run: value }, transfer);
    } catch (err) {
      const error = asEngineError(err);
      post({ type: 'run-failed', id: request.id, code: error.code, message: error.message, details: error.details });
    }
  }

  return (request) => {
    queue = queue.then(() => kernels).then(() => run(request));
  };
}
