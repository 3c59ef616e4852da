import type { DetachedLmRun, LmRunOptions, Matrix } from '../../engine';
import type { WorkerAnswer } from '../pipeline/workerCalls';

/*
 * The requests to the Web Worker that holds an opened GPT-2 checkpoint (gpt2Worker.ts), in the one worker protocol
 * (pipeline/workerCalls.ts). The page keeps the tokenizer and the views; the worker keeps the weights (hundreds of MB,
 * never copied back) and runs them.
 *
 *   load    the checkpoint's bytes (transferred, not copied) and its parsed config.json; progress: its stage
 *   run     token ids and the switches; `baseline`: also the logits with nothing switched; `have`: the layer traces
 *           the page holds (left out of the answer)
 *   probe   the induction probe (64 sequences), measured between runs
 */

export type Gpt2Request =
  | { readonly id: number; readonly type: 'load'; readonly safetensors: ArrayBuffer; readonly config: unknown }
  | { readonly id: number; readonly type: 'run'; readonly ids: readonly number[]; readonly options: LmRunOptions; readonly text: string | null; readonly baseline: boolean; readonly have: readonly number[] }
  | { readonly id: number; readonly type: 'probe' };

/** What the worker is doing while it loads: decoding the tensors, then packing them for the WebAssembly kernels. */
export type Gpt2LoadStage = 'decoding' | 'packing';

/** A run's answer: the run without its model, and the logits of the model as trained when asked. */
export interface WorkerRunAnswer {
  readonly run: DetachedLmRun;
  readonly baselineLogits: Matrix | null;
}

/** The value each request answers with. */
export type Gpt2Value = { readonly type: 'loaded' } | ({ readonly type: 'ran' } & WorkerRunAnswer) | { readonly type: 'probed'; readonly scores: number[][] };

export type Gpt2Reply = WorkerAnswer<Gpt2Value, Gpt2LoadStage>;
