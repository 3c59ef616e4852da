/*
 * The Web Worker entry (new Worker(new URL('./trainWorker.ts', import.meta.url), { type: 'module' })): every
 * message goes to one training session, every event goes back. The session checks the messages itself.
 */
import { createTrainingSession } from './trainingSession';
import type { PlaygroundEvent } from './types';

/** The part of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib, not the worker lib). */
interface WorkerScope {
  postMessage(message: PlaygroundEvent): void;
  onmessage: ((message: MessageEvent<unknown>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const session = createTrainingSession((event) => scope.postMessage(event));
scope.onmessage = (message) => session.handle(message.data);
