/**
 * A stand-in for a Web Worker in jsdom (which has no workers), around a worker's real message handler (a
 * `…WorkerCore.ts`): every message copied by structuredClone in both directions and answered in a later task, as
 * postMessage does. `requests` records what the page asked; with `crash` set, the next message makes it fail as a
 * worker that ran out of memory would (an error event, no answer).
 */
export class FakeWorker<Request, Reply> {
  onmessage: ((message: MessageEvent<Reply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: Request[] = [];
  crash = false;
  readonly #handle: (request: Request) => void;

  constructor(makeHandler: (post: (reply: Reply) => void) => (request: Request) => void) {
    this.#handle = makeHandler((reply) => {
      const copy = structuredClone(reply);
      setTimeout(() => this.onmessage?.({ data: copy } as MessageEvent<Reply>), 0);
    });
  }

  postMessage(request: Request): void {
    this.requests.push(request);
    if (this.crash) {
      setTimeout(() => this.onerror?.({ message: 'out of memory', preventDefault: () => undefined } as unknown as ErrorEvent), 0);
      return;
    }
    const copy = structuredClone(request);
    setTimeout(() => this.#handle(copy), 0);
  }

  terminate(): void {}
}
