import type { Gpt2Config, LmRunModel, LmTokenizer } from '../../engine';
import type { Gpt2Client } from './gpt2Client';

/**
 * An opened GPT-2 checkpoint as the page's runs name it (LmRunModel): its shape, GPT-2's tokenizer and labels here,
 * the weights in the worker (`client`). One per opened checkpoint, so caches keyed on the model (head labels, the
 * probe) start afresh with a new one.
 */
export class Gpt2RunModel implements LmRunModel {
  readonly kind = 'causal_lm';
  readonly weights: LmRunModel['weights'];

  constructor(
    config: Gpt2Config,
    readonly tokenizer: LmTokenizer,
    readonly client: Gpt2Client,
  ) {
    this.weights = { vocabSize: config.vocabSize, nPositions: config.nPositions, embedDim: config.embedDim, numHeads: config.numHeads, numLayers: config.numLayers };
  }

  tokenLabel(id: number): string {
    return this.tokenizer.tokenLabel?.(id) ?? this.tokenizer.tokenString(id);
  }
}
