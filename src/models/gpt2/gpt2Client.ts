import { EngineError, type LmRunOptions } from '../../engine';
import { WorkerCalls } from '../pipeline/workerCalls';
import type { Gpt2LoadStage, Gpt2Request, Gpt2Value, WorkerRunAnswer } from './gpt2Protocol';

export type { WorkerRunAnswer } from './gpt2Protocol';

/*
 * The page's side of the GPT-2 worker (gpt2Worker.ts), over the one worker protocol (pipeline/workerCalls.ts): one
 * worker per opened checkpoint. The app's entries say how to start it (setGpt2WorkerFactory); where there is no
 * factory (the custom elements run inside another site's page, which cannot start a worker from our origin) no
 * checkpoint can be opened.
 */

export type Gpt2WorkerFactory = () => Worker;

let factory: Gpt2WorkerFactory | null = null;

export function setGpt2WorkerFactory(next: Gpt2WorkerFactory | null): void {
  factory = next;
}

export function canOpenCheckpoints(): boolean {
  return factory !== null;
}

/** A request's value of the expected type, or a refusal (the worker answered something else). */
function expect<T extends Gpt2Value['type']>(value: Gpt2Value, type: T): Extract<Gpt2Value, { type: T }> {
  if (value.type !== type) throw new EngineError('invalid-argument', `The GPT-2 worker answered "${value.type}" where "${type}" was asked.`);
  return value as Extract<Gpt2Value, { type: T }>;
}

export class Gpt2Client {
  readonly #calls: WorkerCalls<Gpt2Request, Gpt2Value, Gpt2LoadStage>;
  #probe: Promise<number[][]> | null = null;

  private constructor(calls: WorkerCalls<Gpt2Request, Gpt2Value, Gpt2LoadStage>) {
    this.#calls = calls;
  }

  /** A new worker's client, or null where this page cannot start one. */
  static start(): Gpt2Client | null {
    if (!factory) return null;
    const calls = new WorkerCalls<Gpt2Request, Gpt2Value, Gpt2LoadStage>('GPT-2', factory);
    return calls.available() ? new Gpt2Client(calls) : null; // e.g. a Content Security Policy without worker-src
  }

  /** Hands the checkpoint to the worker (the buffer is transferred: this page's copy is gone after the call). */
  async load(safetensors: ArrayBuffer, config: unknown, onStage: (stage: Gpt2LoadStage) => void): Promise<void> {
    const loaded = this.#calls.call((id) => ({ id, type: 'load', safetensors, config }), [safetensors], onStage);
    if (!loaded) throw new Error('The GPT-2 worker stopped.');
    try {
      expect(await loaded, 'loaded');
    } catch (err) {
      // Said as the worker's sentence ("Could not read …: <why>" is the store's frame).
      throw new Error(err instanceof Error ? err.message : String(err), { cause: err });
    }
  }

  /** A run; `have`: ids of the layer traces this page holds from earlier answers (the worker leaves them out). */
  async run(ids: readonly number[], options: LmRunOptions, text: string | null, baseline: boolean, have: readonly number[] = []): Promise<WorkerRunAnswer> {
    const ran = this.#calls.call((id) => ({ id, type: 'run', ids, options, text, baseline, have }));
    if (!ran) throw new Error('The GPT-2 worker stopped.');
    const { run, baselineLogits } = expect(await ran, 'ran');
    return { run, baselineLogits };
  }

  /** The induction probe's [layer][head] scores, asked once. */
  inductionScores(): Promise<number[][]> {
    this.#probe ??= (async () => {
      const probed = this.#calls.call((id) => ({ id, type: 'probe' }));
      if (!probed) throw new Error('The GPT-2 worker stopped.');
      return expect(await probed, 'probed').scores;
    })();
    return this.#probe;
  }

  terminate(): void {
    this.#calls.stop('The checkpoint was closed.');
  }
}
