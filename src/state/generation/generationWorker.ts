/*
 * The Web Worker that generates text with the trained model: generationWorkerCore.ts answers each message
 * (generationProtocol.ts); this file only connects it to the worker's global scope.
 */
import type { GenerateRequest, GenerationReply } from './generationProtocol';
import { generationWorkerHandler } from './generationWorkerCore';

/** The part of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib, not the worker lib). */
interface WorkerScope {
  postMessage(message: GenerationReply, transfer?: Transferable[]): void;
  onmessage: ((message: MessageEvent<GenerateRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = generationWorkerHandler((reply, transfer) => scope.postMessage(reply, transfer ?? []));
scope.onmessage = (message) => handle(message.data);
