import { emptyTextError } from '../errors';
import { add, type Matrix } from '../matrix';
import { sinusoidalPositionalEncoding } from '../positionalEncoding';
import { MAX_TOKENS, tokenize, type Token } from '../tokenizer';
import type { ForwardPass } from './types';

/** Stage 1's result: what layer 1 reads, and how the text was cut. Depends on the text, the limit, the model, PE. */
export interface InputStage extends Pick<ForwardPass, 'embeddings' | 'positional' | 'input'> {
  readonly tokens: readonly Token[];
  readonly totalTokens: number;
  readonly truncated: boolean;
  readonly tokenLimit: number;
}

/** A model's embedding table: one row per token, [tokens × E]. */
export type Embed = (words: readonly string[]) => Matrix;

/** The token limit a run uses: a whole number from 1 to `max` (the engine's MAX_TOKENS, or a model's context). */
export function clampTokenLimit(limit: number, max: number = MAX_TOKENS): number {
  return Math.max(1, Math.min(max, Math.floor(limit)));
}

/** Words → embeddings, the positional table, and their sum when positional encoding is on. */
export function embedWords(words: readonly string[], embed: Embed, positionalEncoding: boolean): Pick<ForwardPass, 'embeddings' | 'positional' | 'input'> {
  if (words.length === 0) throw emptyTextError();
  const embeddings = embed(words);
  const positional = sinusoidalPositionalEncoding(embeddings.rows, embeddings.cols);
  const input = positionalEncoding ? add(embeddings, positional, 'embeddings', 'positional encoding') : embeddings;
  return { embeddings, positional, input };
}

/** Text → tokens (cut at `tokenLimit`) → embeddings → input. An empty text is an EngineError ('empty-input'). */
export function inputStage(text: string, tokenLimit: number, positionalEncoding: boolean, embed: Embed): InputStage {
  const { tokens, totalTokens, truncated } = tokenize(text, { maxTokens: tokenLimit, overflow: 'truncate' });
  return { tokens, totalTokens, truncated, tokenLimit, ...embedWords(tokens.map((t) => t.text), embed, positionalEncoding) };
}
