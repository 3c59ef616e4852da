import type { HeadId, MaskChoice } from '../choices';
import type { EncoderLayerTrace } from '../encoderLayer';
import type { CausalLmShape } from '../lm/causalLmWeights';
import type { DisplayToken } from '../lm/display';
import type { LmTokenizer } from '../lm/tokenizer';
import type { Matrix } from '../matrix';
import type { Token } from '../tokenizer';
import type { ForwardPass, RunInputs } from './types';

/** The language model's switches, for a run on token ids (`runIds`). */
export interface LmRunOptions {
  /** The most tokens kept; longer input is cut there (`truncated`). Default and ceiling: the model's nPositions. */
  readonly tokenLimit?: number;
  /** Add the learned position embeddings (wpe). Default true; off shows what order-blindness does. */
  readonly positionalEncoding?: boolean;
  /** The student's mask, added to the causal one (padding, custom cells). Default: none. */
  readonly mask?: MaskChoice;
  /** The causal mask: query i sees keys 0..i. Default true; off lets every position read the future. */
  readonly causal?: boolean;
  /** Ablated heads: their output is zero before out_proj. Default: none. */
  readonly disabledHeads?: readonly HeadId[];
}

/** `run`'s inputs: text (through the model's tokenizer) and the same switches. `normFirst` is ignored: GPT-2 is pre-LN. */
export interface LmRunInputs extends RunInputs, Pick<LmRunOptions, 'causal'> {
  /** Put the model's start token (<|endoftext|>) first, as in training. Default true. */
  readonly startToken?: boolean;
}

/** What a run was computed from, every default filled in. `text` is null for a run on ids. */
export interface ResolvedLmInputs extends Required<LmRunOptions> {
  readonly text: string | null;
  /** Every id given, before the cut at tokenLimit. */
  readonly tokenIds: readonly number[];
}

/**
 * The model a language-model run names: a CausalLmModel on this thread, or a stand-in for one that runs in a Web
 * Worker (a GPT-2 checkpoint: src/models/gpt2), which has the shape, the tokenizer and the labels but no weights here.
 * What runs the model again (a baseline, a probe) asks which of the two it has.
 */
export interface LmRunModel {
  readonly kind: 'causal_lm';
  readonly weights: Pick<CausalLmShape, 'vocabSize' | 'nPositions' | 'embedDim' | 'numHeads' | 'numLayers'>;
  readonly tokenizer: LmTokenizer | null;
  /** One id as a label for a list of predictions (see CausalLmModel.tokenLabel). */
  tokenLabel(id: number): string;
}

/** A language model's run: the forward pass (pre-LN, causal), the all-heads baseline, and the logits. */
export interface CausalLmRun extends ForwardPass {
  readonly kind: 'causal_lm';
  readonly model: LmRunModel;
  readonly inputs: ResolvedLmInputs;
  /** The ids that ran (the first tokenLimit), one per position. */
  readonly tokenIds: readonly number[];
  /**
   * For `run(text)`: the text's display chips (`LmTokenizer.displayTokens`) whose ids all ran, so chip.ids concatenate
   * to a prefix of tokenIds (all of it unless the limit cut a chip, which is then dropped). null for `runIds`.
   */
  readonly chips: readonly DisplayToken[] | null;
  /**
   * One label per position that ran (what a heatmap's rows show): "⟨start⟩" for the start token, a chip's text,
   * "😀·2" for the second byte of a character spelled in bytes. For `runIds`, each id's tokenLabel. A span is the
   * position's characters in the text (empty for the start token and for runIds).
   */
  readonly tokens: readonly Token[];
  /** Ids given, before the cut. */
  readonly totalTokens: number;
  readonly truncated: boolean;
  readonly tokenLimit: number;
  /** The same input and mask with every head on; === layers when nothing is ablated. */
  readonly baseline: readonly EncoderLayerTrace[];
  /** Disabled heads per layer, as sets of head indices. */
  readonly disabledHeads: readonly ReadonlySet<number>[];
  /** The last layer's output through the final LayerNorm, [L × E]. */
  readonly finalHidden: Matrix;
  /** Next-token scores at every position, [L × V]: row i predicts the token after position i. */
  readonly logits: Matrix;
}
