import type { EncoderLayerTrace } from '../encoderLayer';
import { EngineError } from '../errors';
import { outputEmbedding, type CausalLmWeights } from '../lm/causalLmWeights';
import { add, sliceRows, zeros, type Matrix } from '../matrix';
import type { RunBackend } from './backend';
import type { ForwardPass } from './types';

/*
 * The language model's own stages (src/engine/run/causalLmModel.ts): token ids in through its learned tables and the
 * logits after the layers. The mask is choiceStages.ts' (with its causal part); the layers are layerStages.ts'.
 */

/** Stage 1's result: what layer 1 reads, and how the ids were cut. */
export interface LmInputStage extends Pick<ForwardPass, 'embeddings' | 'positional' | 'input'> {
  /** The ids that ran (the first `tokenLimit`). */
  readonly tokenIds: readonly number[];
  readonly totalTokens: number;
  readonly truncated: boolean;
  readonly tokenLimit: number;
}

/** Rows `ids` of `table`, [ids × E]. */
function gatherRows(table: Matrix, ids: readonly number[]): Matrix {
  const out = zeros(ids.length, table.cols);
  ids.forEach((id, i) => out.data.set(table.data.subarray(id * table.cols, (id + 1) * table.cols), i * table.cols));
  return out;
}

/** Throws an EngineError unless every id is a whole number in [0, vocabSize). */
export function assertTokenIds(ids: readonly number[], vocabSize: number): void {
  if (ids.length === 0) throw new EngineError('empty-input', 'There are no tokens to run: the input is empty.');
  ids.forEach((id, i) => {
    if (!Number.isInteger(id) || id < 0 || id >= vocabSize) {
      throw new EngineError('invalid-argument', `Token id ${id} at position ${i} is not in this model's vocabulary of ${vocabSize}.`, { position: i });
    }
  });
}

/** ids (cut at `tokenLimit`) → wte rows (+ wpe rows 0..L−1): h₀ = wte[ids] + wpe[0..L−1]. */
export function lmInputStage(ids: readonly number[], tokenLimit: number, positionalEncoding: boolean, weights: CausalLmWeights): LmInputStage {
  assertTokenIds(ids, weights.vocabSize);
  const tokenIds = ids.slice(0, tokenLimit);
  const embeddings = gatherRows(weights.wte, tokenIds);
  const positional = sliceRows(weights.wpe, 0, tokenIds.length);
  const input = positionalEncoding ? add(embeddings, positional, 'token embeddings', 'position embeddings') : embeddings;
  return { tokenIds, totalTokens: ids.length, truncated: ids.length > tokenIds.length, tokenLimit, embeddings, positional, input };
}

/** Stage 5's result: the last layer's output through LN_f, and the next-token logits at every position. */
export interface LogitsStage {
  readonly finalHidden: Matrix; // L × E
  readonly logits: Matrix; // L × V
}

/** Stage 5: logits = LN_f(h)·Wᵀ with W = wte (tied) or lm_head, on `backend` (owner: the model, for packed weights). */
export function logitsStage(layers: readonly EncoderLayerTrace[], input: Matrix, weights: CausalLmWeights, backend: RunBackend, owner: object): LogitsStage {
  const last = layers.length > 0 ? layers[layers.length - 1].output : input;
  const finalHidden = backend.layerOps(owner).layerNorm(last, weights.lnf);
  // Rows are computed when read (LazyLogits): a head toggle then costs one row for the predictions, not L × V.
  return { finalHidden, logits: backend.logits(finalHidden, outputEmbedding(weights), owner) };
}
