import { parseEvent } from './protocol';
import { timeoutScheduler, type Scheduler } from './scheduler';
import { createTrainingSession, type SessionOptions } from './trainingSession';
import type { PlaygroundCommand, PlaygroundEvent, TrainingClient } from './types';

/*
 * Two ways to run the training session behind the same TrainingClient: in a Web Worker (the app: the page stays
 * responsive while it trains) or on the page's own thread (jsdom tests, or a browser that cannot start the
 * worker). Both deliver every event asynchronously, after send() has returned, so the store behaves the same.
 */

type Listener = (event: PlaygroundEvent) => void;

function createListeners() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: PlaygroundEvent): void {
      for (const listener of Array.from(listeners)) listener(event);
    },
    clear(): void {
      listeners.clear();
    },
  };
}

/** The worker client; throws if the worker cannot be constructed (createTrainingClient then falls back). */
export function createWorkerClient(): TrainingClient {
  const worker = new Worker(new URL('./trainWorker.ts', import.meta.url), { type: 'module' });
  const listeners = createListeners();
  let disposed = false;
  worker.onmessage = (message: MessageEvent<unknown>) => {
    if (disposed) return;
    const event = parseEvent(message.data);
    listeners.emit(event ?? { type: 'error', code: 'bad-command', message: 'The training worker sent a message the page does not understand.' });
  };
  worker.onmessageerror = () => {
    if (!disposed) listeners.emit({ type: 'error', code: 'bad-command', message: 'A message from the training worker could not be read.' });
  };
  worker.onerror = (error: ErrorEvent) => {
    error.preventDefault();
    if (disposed) return;
    const detail = error.message ? `: ${error.message}` : '.';
    listeners.emit({ type: 'error', code: 'engine', message: `The training worker stopped${detail}`, crashed: true });
  };
  return {
    send(command: PlaygroundCommand) {
      if (!disposed) worker.postMessage(command);
    },
    subscribe: listeners.subscribe,
    dispose() {
      disposed = true;
      listeners.clear();
      worker.terminate();
    },
  };
}

/**
 * The same session on this thread. Commands and events each go through `scheduler` (timeouts by default; tests
 * pass createManualScheduler() and run the tasks themselves), as a worker's messages would.
 */
export function createInProcessClient(scheduler: Scheduler = timeoutScheduler, options: Omit<SessionOptions, 'scheduler'> = {}): TrainingClient {
  const listeners = createListeners();
  let disposed = false;
  const session = createTrainingSession(
    (event) => {
      scheduler.schedule(() => {
        if (!disposed) listeners.emit(event);
      });
    },
    { ...options, scheduler },
  );
  return {
    send(command: PlaygroundCommand) {
      if (disposed) return;
      scheduler.schedule(() => {
        if (!disposed) session.handle(command);
      });
    },
    subscribe: listeners.subscribe,
    dispose() {
      disposed = true;
      listeners.clear();
      session.dispose();
    },
  };
}

/** The worker when this environment has one and it starts, else the in-process session. */
export function createTrainingClient(): TrainingClient {
  if (typeof Worker !== 'undefined') {
    try {
      return createWorkerClient();
    } catch {
      // e.g. a Content-Security-Policy without worker-src: train on the page's thread instead.
    }
  }
  return createInProcessClient();
}
