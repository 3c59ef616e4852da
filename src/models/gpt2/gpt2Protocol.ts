import type { DetachedLmRun, LmRunOptions, Matrix } from '../../engine';

/*
 * The messages between the page and the Web Worker that holds an opened GPT-2 checkpoint (gpt2Worker.ts). The page
 * keeps the tokenizer and the views; the worker keeps the weights (hundreds of MB, never copied back) and runs them.
 *
 *   page → worker  load    the checkpoint's bytes (transferred, not copied) and its parsed config.json
 *                  run     token ids and the switches; `baseline`: also the logits with nothing switched;
 *                          `have`: the layer traces the page holds (left out of the answer)
 *                  probe   the induction probe (64 sequences), measured between runs
 *   worker → page  progress, loaded | load-failed, ran | run-failed, probed | probe-failed
 */

export type Gpt2Request =
  | { readonly type: 'load'; readonly safetensors: ArrayBuffer; readonly config: unknown }
  | { readonly type: 'run'; readonly id: number; readonly ids: readonly number[]; readonly options: LmRunOptions; readonly text: string | null; readonly baseline: boolean; readonly have: readonly number[] }
  | { readonly type: 'probe' };

/** What the worker is doing while it loads: decoding the tensors, then packing them for the WebAssembly kernels. */
export type Gpt2LoadStage = 'decoding' | 'packing';

export type Gpt2Reply =
  | { readonly type: 'progress'; readonly stage: Gpt2LoadStage }
  | { readonly type: 'loaded' }
  | { readonly type: 'load-failed'; readonly message: string }
  | { readonly type: 'ran'; readonly id: number; readonly run: DetachedLmRun; readonly baselineLogits: Matrix | null }
  | { readonly type: 'run-failed'; readonly id: number; readonly message: string }
  | { readonly type: 'probed'; readonly scores: number[][] }
  | { readonly type: 'probe-failed'; readonly message: string };
