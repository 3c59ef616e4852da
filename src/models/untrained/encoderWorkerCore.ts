/*
 * What the encoder worker does with each message (encoderProtocol.ts), apart from the worker itself (encoderWorker.ts
 * wires it to `self`; tests wire it to a stand-in). The models are the engine's shared ones (encoderModel), so a
 * toggle on the same text reuses the worker's cached stages, as it would on the page.
 */
import { copyForTransfer, detachEncoderRun, encoderModel, LayerTraceIds } from '../../engine';
import { answerInOrder } from '../pipeline/workerCalls';
import type { EncoderReply, EncoderRunRequest } from './encoderProtocol';

/** A handler for the worker's messages that answers through `post`, in the order asked. */
export function encoderWorkerHandler(post: (reply: EncoderReply, transfer?: Transferable[]) => void): (request: EncoderRunRequest) => void {
  // The same number for the same layer trace (a stage the model's cache kept): the page keeps its copy of it.
  const layerIds = new LayerTraceIds();
  return answerInOrder((request: EncoderRunRequest) => {
    const result = encoderModel(request.config).run(request.inputs);
    // Copied here into buffers of their own and transferred: the page takes the maps without copying them.
    return copyForTransfer(detachEncoderRun(result, layerIds, new Set(request.have)));
  }, post);
}
