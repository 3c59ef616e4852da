/*
 * What the generation worker does with each message (generationProtocol.ts), apart from the worker itself
 * (generationWorker.ts wires it to `self`; tests wire it to a stand-in). It keeps the last model it was sent.
 */
import { EngineError, trainedModelFromBytes, type CausalLmModel } from '../../../engine';
import { generate } from '../../../engine/decoding';
import { answerInOrder } from '../../pipeline/workerCalls';
import type { GenerateRequest, GenerationReply } from './generationProtocol';

/** A handler for the worker's messages that answers through `post`, in the order asked. */
export function generationWorkerHandler(post: (reply: GenerationReply, transfer?: Transferable[]) => void): (request: GenerateRequest) => void {
  let held: { readonly id: number; readonly model: CausalLmModel } | null = null;
  return answerInOrder((request: GenerateRequest) => {
    if (request.bytes) held = { id: request.modelId, model: trainedModelFromBytes(request.bytes).model };
    if (!held || held.id !== request.modelId) throw new EngineError('invalid-argument', 'The generation worker was not sent this model.');
    // Up to 20 passes: the model's generation variant, whose cached stages are its own.
    const generation = generate(held.model.variant('generation'), request.prompt, request.options);
    // Each step's attention rows are arrays of their own: transferred, not copied.
    const transfer = generation.steps.flatMap((step) => step.attention.flatMap((layer) => layer.map((row) => row.buffer as ArrayBuffer)));
    return { value: generation, transfer };
  }, post);
}
