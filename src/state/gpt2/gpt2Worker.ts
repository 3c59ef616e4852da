/*
 * The Web Worker that holds an opened GPT-2 checkpoint and runs it: gpt2WorkerCore.ts answers each message
 * (gpt2Protocol.ts); this file only connects it to the worker's global scope.
 */
import type { Gpt2Reply, Gpt2Request } from './gpt2Protocol';
import { gpt2WorkerHandler } from './gpt2WorkerCore';

/** The part of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib, not the worker lib). */
interface WorkerScope {
  postMessage(message: Gpt2Reply, transfer?: Transferable[]): void;
  onmessage: ((message: MessageEvent<Gpt2Request>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = gpt2WorkerHandler((reply, transfer) => scope.postMessage(reply, transfer ?? []));
scope.onmessage = (message) => handle(message.data);
