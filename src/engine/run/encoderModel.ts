import { NO_MASK, type MaskChoice } from '../choices';
import { decodeWithKvCache } from '../decoding/kvCache';
import { embedTokens } from '../embedding';
import type { EncoderLayerParams } from '../encoderLayer';
import { EngineError } from '../errors';
import { createModel, type ModelConfig } from '../model';
import { multiHeadAttention, type MhaTrace } from '../multiHead';
import { MAX_TOKENS } from '../tokenizer';
import { allHeadsStage } from './layerStages';
import { maskStage } from './choiceStages';
import { clampTokenLimit, embedWords, inputStage, type Embed, type InputStage } from './inputStage';
import { sameFields, StageCache } from './stageCache';
import { StagedLayers } from './stagedLayers';
import type { EncoderRun, ForwardPass, KvCacheDecoding, ModelBase, ResolvedRunInputs, RunInputs } from './types';

/** Options of the one-off runs of lesson widgets (a shuffled sentence, a second sentence). */
export interface WordsOptions {
  /** Default true. */
  readonly positionalEncoding?: boolean;
}

// Two entries per stage: the lab (post-LN) and the walkthrough's pre-LN variant alternate without evicting each other.
const ENTRIES = 2;

/** The defaults filled in and the token limit clamped: what the run reports it was computed from. */
function resolveRunInputs(inputs: RunInputs): ResolvedRunInputs {
  return {
    text: inputs.text,
    tokenLimit: clampTokenLimit(inputs.tokenLimit ?? MAX_TOKENS),
    positionalEncoding: inputs.positionalEncoding ?? true,
    mask: inputs.mask ?? NO_MASK,
    disabledHeads: inputs.disabledHeads ?? [],
    normFirst: inputs.normFirst ?? false,
  };
}

/**
 * The lab's Transformer encoder: random weights drawn from the config's seed (createModel), a deterministic embedding
 * table, sinusoidal positions. `run` is staged; each stage is cached on what it depends on:
 *   text, tokenLimit, positionalEncoding  → tokens, embeddings, input
 *   + mask, normFirst, heads              → the layers: StagedLayers, which the language model uses too
 * so a head toggle recomputes only concat · W_o onward and a mask change reuses the embeddings.
 */
export class EncoderModel implements ModelBase<'encoder', EncoderRun> {
  readonly kind = 'encoder';
  readonly weights: readonly EncoderLayerParams[];
  private readonly embed: Embed;
  private readonly inputs = new StageCache<{ text: string; tokenLimit: number; positionalEncoding: boolean }, InputStage>(ENTRIES, sameFields);
  private readonly stages: StagedLayers;

  constructor(readonly config: ModelConfig) {
    this.weights = createModel(config);
    this.embed = (words) => embedTokens(words, config.embedDim, config.seed);
    this.stages = new StagedLayers(this.weights, config.numHeads, this);
  }

  get embedDim(): number {
    return this.config.embedDim;
  }

  get numHeads(): number {
    return this.config.numHeads;
  }

  get numLayers(): number {
    return this.config.numLayers;
  }

  /** Text and switches → everything the views draw. Throws an EngineError ('empty-input') for a text with no tokens. */
  run(inputs: RunInputs): EncoderRun {
    const resolved = resolveRunInputs(inputs);
    const { text, tokenLimit, positionalEncoding, normFirst } = resolved;
    const input = this.inputs.getOrCompute({ text, tokenLimit, positionalEncoding }, () => inputStage(text, tokenLimit, positionalEncoding, this.embed));
    const stages = this.stages.run(input.input, { mask: resolved.mask, causal: false, normFirst, disabledHeads: resolved.disabledHeads });
    return { kind: 'encoder', model: this, inputs: resolved, ...input, ...stages };
  }

  /** A one-off run on given words, every head on (not cached: it never evicts the lab's stages). */
  runWords(words: readonly string[], options: WordsOptions & { readonly mask?: MaskChoice; readonly normFirst?: boolean } = {}): ForwardPass {
    const pass = embedWords(words, this.embed, options.positionalEncoding ?? true);
    const mask = maskStage(options.mask ?? NO_MASK, words.length);
    return { ...pass, mask, layers: allHeadsStage(pass.input, this.stages.context(mask, options.normFirst ?? false)) };
  }

  /**
   * One layer's attention from one sequence to another: queries from `queryWords`, keys and values from
   * `keyValueWords`, both embedded as `run` does; weights per head [queries × keys]. No mask. Self-attention when the
   * two are the same array.
   */
  crossAttention(queryWords: readonly string[], keyValueWords: readonly string[], options: WordsOptions & { readonly layer?: number } = {}): MhaTrace {
    const layer = options.layer ?? 0;
    if (!Number.isInteger(layer) || layer < 0 || layer >= this.numLayers) {
      throw new EngineError('invalid-argument', `Layer ${layer} is not in this ${this.numLayers}-layer model.`);
    }
    const positionalEncoding = options.positionalEncoding ?? true;
    const queries = embedWords(queryWords, this.embed, positionalEncoding).input;
    const keys = keyValueWords === queryWords ? queries : embedWords(keyValueWords, this.embed, positionalEncoding).input;
    return multiHeadAttention(queries, this.weights[layer].attention, {}, keys);
  }

  /**
   * The text fed one token at a time through layer 1's self-attention with a KV cache, as a decoder generates: cut
   * and embedded as `run`'s stage 1 does (same table, same positions), then decodeWithKvCache on layer 1's attention
   * weights. Step i equals row i of layer 1's attention in `run` with the causal mask. Not cached: it never evicts
   * the lab's stages. Throws the empty-text error for a text with no tokens.
   */
  kvCacheDecode(inputs: Pick<RunInputs, 'text' | 'tokenLimit' | 'positionalEncoding'>): KvCacheDecoding {
    const tokenLimit = clampTokenLimit(inputs.tokenLimit ?? MAX_TOKENS);
    const input = inputStage(inputs.text, tokenLimit, inputs.positionalEncoding ?? true, this.embed);
    return { ...input, steps: decodeWithKvCache(input.input, this.weights[0].attention) };
  }
}
