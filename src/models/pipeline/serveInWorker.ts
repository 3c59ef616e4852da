/** The part of DedicatedWorkerGlobalScope a worker entry uses (the app compiles against the DOM lib, not the worker lib). */
interface WorkerScope<Request, Reply> {
  postMessage(message: Reply, transfer?: Transferable[]): void;
  onmessage: ((message: MessageEvent<Request>) => void) | null;
}

/**
 * Connects a worker's message handler to the worker's global scope: what a worker entry file does (gpt2Worker.ts,
 * encoderWorker.ts, generationWorker.ts). The handler itself lives apart, so tests can wire it to a stand-in.
 */
export function serveInWorker<Request, Reply>(makeHandler: (post: (reply: Reply, transfer?: Transferable[]) => void) => (request: Request) => void): void {
  const scope = self as unknown as WorkerScope<Request, Reply>;
  const handle = makeHandler((reply, transfer) => scope.postMessage(reply, transfer ?? []));
  scope.onmessage = (message) => handle(message.data);
}
