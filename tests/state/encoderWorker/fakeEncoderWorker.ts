import type { EncoderReply, EncoderRunRequest } from '../../../src/state/encoderWorker/encoderProtocol';
import { encoderWorkerHandler } from '../../../src/state/encoderWorker/encoderWorkerCore';

/**
 * A stand-in for the encoder's Web Worker in jsdom (which has no workers): the real message handler
 * (encoderWorkerCore.ts), every message copied by structuredClone both ways and answered in a later task, as
 * postMessage does. `requests` records what the page asked; `fail()` makes it stop as a crashed worker would.
 */
export class FakeEncoderWorker {
  onmessage: ((message: MessageEvent<EncoderReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: EncoderRunRequest[] = [];
  #failing = false;
  readonly #handle = encoderWorkerHandler((reply) => {
    const copy = structuredClone(reply);
    setTimeout(() => this.onmessage?.({ data: copy } as MessageEvent<EncoderReply>), 0);
  });

  postMessage(request: EncoderRunRequest): void {
    this.requests.push(request);
    if (this.#failing) {
      setTimeout(() => this.onerror?.({ message: 'out of memory', preventDefault: () => undefined } as unknown as ErrorEvent), 0);
      return;
    }
    const copy = structuredClone(request);
    setTimeout(() => this.#handle(copy), 0);
  }

  fail(): void {
    this.#failing = true;
  }

  terminate(): void {}
}
