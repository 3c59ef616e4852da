import { NO_MASK } from '../choices';
import type { EncoderLayerParams, EncoderLayerTrace } from '../encoderLayer';
import { EngineError, emptyTextError } from '../errors';
import { blocksAsLayers, outputEmbedding, validateCausalLmWeights, type CausalLmWeights } from '../lm/causalLmWeights';
import type { DisplayToken } from '../lm/display';
import type { LmTokenizer } from '../lm/tokenizer';
import type { Token } from '../tokenizer';
import { byteOfToken } from '../lm/vocabulary';
import { activeBackend } from './backend';
import { lmInputStage, logitsStage, type LmInputStage, type LogitsStage } from './lmStages';
import type { CausalLmRun, LmRunInputs, LmRunOptions, ResolvedLmInputs } from './lmTypes';
import { sameFields, StageCache } from './stageCache';
import { StagedLayers } from './stagedLayers';
import { clampTokenLimit } from './inputStage';
import type { ModelBase } from './types';

export interface CausalLmModelOptions {
  /**
   * The language model's tokenizer (`createLmTokenizer`): lets `run` take text and give display chips, and
   * `tokenLabel` name ids. Its size must be the weights' vocabSize. Without it only `runIds` works.
   */
  readonly tokenizer?: LmTokenizer;
}

/** A named run of the same model that must not evict the lab's cached stages (see `variant`). */
export type ModelVariant = 'generation' | 'head-probes';

const ENTRIES = 2;

/**
 * A trained decoder-only language model (GPT-2 / nanoGPT): token ids in, next-token logits out. `run` / `runIds` are
 * staged like the encoder's, each stage cached on what it depends on:
 *   ids, tokenLimit, positionalEncoding        → wte rows (+ wpe rows), the input
 *   + mask, heads                              → the same StagedLayers as the encoder's (pre-LN, causal)
 *   + those blocks                             → LN_f and the logits
 * so a head toggle recomputes concat · W_o of one block, the blocks after it, and the logits.
 */
export class CausalLmModel implements ModelBase<'causal_lm', CausalLmRun> {
  readonly kind = 'causal_lm';
  /** The blocks as the engine's layers: pre-LN, GELU feed-forward, LayerNorm ε from the file. */
  readonly layers: readonly EncoderLayerParams[];
  readonly tokenizer: LmTokenizer | null;
  private readonly inputs = new StageCache<{ ids: string; tokenLimit: number; positionalEncoding: boolean }, LmInputStage>(ENTRIES, sameFields);
  private readonly stages: StagedLayers;
  private readonly outputs = new StageCache<{ layers: readonly EncoderLayerTrace[] }, LogitsStage>(ENTRIES, sameFields);
  /** Whose packed kernel weights the backend uses: this model's, or the model a variant belongs to. */
  private readonly kernelOwner: object;
  private readonly variants = new Map<ModelVariant, CausalLmModel>();

  constructor(
    readonly weights: CausalLmWeights,
    options: CausalLmModelOptions = {},
    /** Internal: the model a variant shares its layers and packed weights with. */
    variantOf: CausalLmModel | null = null,
  ) {
    if (variantOf === null) validateCausalLmWeights(weights);
    this.layers = variantOf?.layers ?? blocksAsLayers(weights);
    this.kernelOwner = variantOf ?? this;
    this.stages = new StagedLayers(this.layers, weights.numHeads, this.kernelOwner);
    const tokenizer = options.tokenizer ?? null;
    if (tokenizer && tokenizer.size !== weights.vocabSize) {
      throw new EngineError('shape-mismatch', `The tokenizer has ${tokenizer.size} tokens but the model's vocabulary has ${weights.vocabSize}: they must come from the same training run.`, {
        tokenizerSize: tokenizer.size,
        vocabSize: weights.vocabSize,
      });
    }
    this.tokenizer = tokenizer;
  }

  get embedDim(): number {
    return this.weights.embedDim;
  }

  get numHeads(): number {
    return this.weights.numHeads;
  }

  get numLayers(): number {
    return this.weights.numLayers;
  }

  get vocabSize(): number {
    return this.weights.vocabSize;
  }

  /**
   * Text through the tokenizer, then `runIds`, plus `chips` (the text's display chips that ran) and `tokens` (one
   * label per position, for the views). By default the model's start token (<|endoftext|>, id 0) comes first, as
   * every training document did: it gives the first word a prediction context and heads a place to rest; the
   * token limit counts it. A chip is kept only when all its ids are within the kept ones, so a chip that the token
   * limit cuts in the middle (an emoji spelled by 4 byte tokens, cut after 2) is dropped: the chips then cover fewer
   * positions than `tokenIds`. Throws an EngineError without a tokenizer or for empty text.
   */
  run(inputs: LmRunInputs): CausalLmRun {
    if (!this.tokenizer) throw new EngineError('invalid-argument', 'This language model has no tokenizer: run it on token ids (runIds).');
    // Only spaces is no sentence, as for the encoder: the prompt says so instead of predictions after blanks.
    if (inputs.text.trim() === '') throw emptyTextError();
    const startToken = inputs.startToken ?? true;
    const { chips, ids } = textChips(this.tokenizer, inputs.text, startToken);
    if (chips.length === 0) throw emptyTextError();
    const run = this.runIds(ids, inputs, inputs.text);
    return { ...run, ...keptPositions(chips, run.tokenIds, run.tokenIds.length, startToken, (id) => this.tokenLabel(id)) };
  }

  /**
   * The active backend's copy of this model's weights (the kernels' packed panels) made ahead of its first run, one
   * short step per iteration (a layer's half, a slice of the output embedding's rows): a page that has just built
   * the model spreads it over tasks, so that its first run and no task packs the whole of it (the output embedding
   * alone is V × E). The numbers do not change; a run packs whatever is not packed yet. No steps on the TypeScript
   * backend.
   */
  *prepareBackend(): Generator<void, void, void> {
    const steps = activeBackend().prepare?.(this.layers, this.weights.lnf, outputEmbedding(this.weights), this.kernelOwner);
    if (steps) yield* steps;
  }

  /**
   * The same model for a named kind of run (generation's up to 20 passes, the head probes' 64), with stage caches of
   * its own, so those runs never evict the lab's cached stages; it shares the weights, the layers and the backend's
   * packed copy of them. One per name, kept for the model's life.
   */
  variant(name: ModelVariant): CausalLmModel {
    if (this.kernelOwner !== this) throw new EngineError('invalid-argument', 'A variant has no variants of its own: ask the model it belongs to.');
    let model = this.variants.get(name);
    if (!model) {
      model = new CausalLmModel(this.weights, { tokenizer: this.tokenizer ?? undefined }, this);
      this.variants.set(name, model);
    }
    return model;
  }

  /**
   * One id as text, for a next-token list: the token's text ("<|endoftext|>" for the special token); a byte token
   * that is a whole ASCII character shows that character, any other lone byte (part of a UTF-8 character, which
   * has no text alone) shows as "byte E4", never "<0xE4>". A tokenizer with labels of its own (GPT-2's) gives them.
   * Without a tokenizer: "#id". Ids outside the vocabulary throw.
   */
  tokenLabel(id: number): string {
    if (!this.tokenizer) return `#${id}`;
    if (this.tokenizer.tokenLabel) return this.tokenizer.tokenLabel(id);
    const text = this.tokenizer.tokenString(id);
    const byte = byteOfToken(text);
    if (byte === undefined) return text;
    return byte < 0x80 ? String.fromCharCode(byte) : `byte ${byte.toString(16).toUpperCase()}`;
  }

  /** Token ids and switches → everything the views draw, logits included. Ids outside the vocabulary throw. */
  runIds(ids: readonly number[], options: LmRunOptions = {}, text: string | null = null): CausalLmRun {
    const resolved = this.resolve(ids, options, text);
    const { tokenLimit, positionalEncoding, causal } = resolved;
    const input = this.inputs.getOrCompute({ ids: ids.join(','), tokenLimit, positionalEncoding }, () => lmInputStage(ids, tokenLimit, positionalEncoding, this.weights));
    // GPT-2's blocks are pre-LN; the decoder's own causal mask is added to the student's.
    const stages = this.stages.run(input.input, { mask: resolved.mask, causal, normFirst: true, disabledHeads: resolved.disabledHeads });
    const { layers } = stages;
    const output = this.outputs.getOrCompute({ layers }, () => logitsStage(layers, input.input, this.weights, activeBackend(), this.kernelOwner));
    const tokens = input.tokenIds.map((id, i) => ({ text: this.tokenLabel(id), start: i, end: i }));
    return { kind: 'causal_lm', model: this, inputs: resolved, ...input, chips: null, tokens, ...stages, ...output };
  }

  private resolve(ids: readonly number[], options: LmRunOptions, text: string | null): ResolvedLmInputs {
    return {
      text,
      tokenIds: ids,
      tokenLimit: clampTokenLimit(options.tokenLimit ?? this.weights.nPositions, this.weights.nPositions),
      positionalEncoding: options.positionalEncoding ?? true,
      mask: options.mask ?? NO_MASK,
      causal: options.causal ?? true,
      disabledHeads: options.disabledHeads ?? [],
    };
  }
}

/** The label a view shows for the start token. */
export const START_TOKEN_LABEL = '⟨start⟩';

/**
 * One Token per position that ran: the start token (empty span at 0), each chip's text over its span, and for a
 * chip spelled by several byte tokens its text with the byte's number ("😀·1" … "😀·4"), so every row of a heatmap
 * names the character it belongs to; positions no chip covers (a cut chip) are labelled by id.
 */
function positionTokens(count: number, hasStart: boolean, chips: readonly DisplayToken[], ids: readonly number[], label: (id: number) => string): Token[] {
  const tokens: Token[] = ids.slice(0, count).map((id) => ({ text: label(id), start: 0, end: 0 }));
  if (hasStart && count > 0) tokens[0] = { text: START_TOKEN_LABEL, start: 0, end: 0 };
  for (const chip of chips) {
    chip.ids.forEach((_, k) => {
      tokens[chip.index + k] = { text: chip.ids.length > 1 ? `${chip.text}·${k + 1}` : chip.text, start: chip.start, end: chip.end };
    });
  }
  return tokens;
}

/**
 * A text's display chips as positions of a run (after the start token when `startToken`: chip.index counts it), and
 * the ids that run reads: the start token, then every chip's ids in order.
 */
export function textChips(tokenizer: LmTokenizer, text: string, startToken: boolean): { chips: DisplayToken[]; ids: number[] } {
  const start = startToken ? [tokenizer.endOfText] : [];
  const chips = tokenizer.displayTokens(text).map((chip) => ({ ...chip, index: chip.index + start.length }));
  return { chips, ids: [...start, ...chips.flatMap((chip) => chip.ids)] };
}

/**
 * For a run that kept the first `kept` of `ids`: the chips all of whose ids ran (a chip the limit cuts in the middle
 * is dropped) and one label per position (positionTokens). CausalLmModel.run uses it, and so does a run computed
 * elsewhere (a GPT-2 checkpoint's worker answers ids; the page labels them).
 */
export function keptPositions(chips: readonly DisplayToken[], ids: readonly number[], kept: number, startToken: boolean, label: (id: number) => string): { chips: DisplayToken[]; tokens: Token[] } {
  const keptChips = chips.filter((chip) => chip.index + chip.ids.length <= kept);
  return { chips: keptChips, tokens: positionTokens(kept, startToken, keptChips, ids, label) };
}
