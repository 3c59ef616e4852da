/*
 * The Web Worker that runs the untrained encoder on long texts: encoderWorkerCore.ts answers each message
 * (encoderProtocol.ts); this file only connects it to the worker's global scope.
 */
import type { EncoderReply, EncoderRunRequest } from './encoderProtocol';
import { encoderWorkerHandler } from './encoderWorkerCore';

/** The part of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib, not the worker lib). */
interface WorkerScope {
  postMessage(message: EncoderReply, transfer?: Transferable[]): void;
  onmessage: ((message: MessageEvent<EncoderRunRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = encoderWorkerHandler((reply, transfer) => scope.postMessage(reply, transfer ?? []));
scope.onmessage = (message) => handle(message.data);
