import type { Gpt2Reply, Gpt2Request } from '../../../src/models/gpt2/gpt2Protocol';
import { gpt2WorkerHandler } from '../../../src/models/gpt2/gpt2WorkerCore';

/**
 * A stand-in for the GPT-2 Web Worker in jsdom (which has no workers): the real message handler
 * (gpt2WorkerCore.ts), with every message copied by structuredClone in both directions and answered in a later task,
 * as postMessage does. `requests` records what the page asked.
 */
export class FakeGpt2Worker {
  onmessage: ((message: MessageEvent<Gpt2Reply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: Gpt2Request['type'][] = [];
  terminated = false;
  readonly #handle = gpt2WorkerHandler((reply) => {
    const copy = structuredClone(reply);
    setTimeout(() => this.onmessage?.({ data: copy } as MessageEvent<Gpt2Reply>), 0);
  });

  postMessage(request: Gpt2Request): void {
    if (this.terminated) return;
    this.requests.push(request.type);
    const copy = structuredClone(request);
    setTimeout(() => this.#handle(copy), 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

export { tinyCheckpoint, tinyConfig, TINY } from './tinyGpt2';
