/*
 * What the generation worker does with each message (generationProtocol.ts), apart from the worker itself
 * (generationWorker.ts wires it to `self`; tests wire it to a stand-in). It keeps the last model it was sent.
 */
import { asEngineError, enableFastAttention, EngineError, trainedModelFromBytes, type CausalLmModel } from '../../engine';
import { generate } from '../../engine/decoding';
import type { GenerateRequest, GenerationReply } from './generationProtocol';

/** A handler for the worker's messages that answers through `post`, in the order asked. */
export function generationWorkerHandler(post: (reply: GenerationReply, transfer?: Transferable[]) => void): (request: GenerateRequest) => void {
  // The same kernels as the page: without SIMD the TypeScript engine gives the same tokens, more slowly.
  const kernels = enableFastAttention().catch(() => false);
  let held: { readonly id: number; readonly model: CausalLmModel } | null = null;
  let queue: Promise<void> = Promise.resolve();

  function answer(request: GenerateRequest): void {
    try {
      if (request.bytes) held = { id: request.modelId, model: trainedModelFromBytes(request.bytes).model };
      if (!held || held.id !== request.modelId) throw new EngineError('invalid-argument', 'The generation worker was not sent this model.');
      // Up to 20 passes: the model's generation variant, whose cached stages are its own.
      const generation = generate(held.model.variant('generation'), request.prompt, request.options);
      // Each step's attention rows are arrays of their own: transferred, not copied.
      const transfer = generation.steps.flatMap((step) => step.attention.flatMap((layer) => layer.map((row) => row.buffer as ArrayBuffer)));
      post({ type: 'generated', id: request.id, generation }, transfer);
    } catch (err) {
      const error = asEngineError(err);
      post({ type: 'failed', id: request.id, code: error.code, message: error.message });
    }
  }

  return (request) => {
    queue = queue.then(() => kernels).then(() => answer(request));
  };
}
