import { embedTokens } from './embedding';
import { encoderStack, randomEncoderLayer, type EncoderLayerParams, type EncoderLayerTrace } from './encoderLayer';
import { EngineError, emptyTextError } from './errors';
import type { Matrix } from './matrix';
import { buildMask, type MaskSpec } from './masks';
import { assertHeadsDivide } from './multiHead';
import { addPositionalEncoding } from './positionalEncoding';
import { mulberry32 } from './random';
import { tokenize, type TokenizeOptions, type Token } from './tokenizer';

/** The settings a student chooses; the same settings and seed always give the same weights. */
export interface ModelConfig {
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
  /** Hidden width of the feed-forward network; 4·E when omitted, as in the original Transformer. */
  readonly ffnDim?: number;
  readonly seed: number;
}

export interface RunOptions {
  readonly positionalEncoding?: boolean;
  readonly normFirst?: boolean;
  readonly residual?: boolean;
  readonly scale?: boolean;
  readonly mask?: MaskSpec;
  /** Ablated heads per layer. */
  readonly disabledHeads?: readonly ReadonlySet<number>[];
  readonly tokenize?: TokenizeOptions;
}

export interface ModelRun {
  readonly tokens: readonly Token[];
  readonly totalTokens: number;
  readonly truncated: boolean;
  /** Token embeddings before positional encoding, [tokens × E]. */
  readonly embeddings: Matrix;
  /** What the first layer reads: embeddings (+ positional encoding), [tokens × E]. */
  readonly input: Matrix;
  readonly layers: readonly EncoderLayerTrace[];
}

const MAX_WIDTH = 1024;
const MAX_LAYERS = 12;

export function validateConfig(config: ModelConfig): void {
  assertHeadsDivide(config.embedDim, config.numHeads);
  if (config.embedDim > MAX_WIDTH) throw new EngineError('invalid-argument', `The width ${config.embedDim} is above the limit of ${MAX_WIDTH}.`);
  if (!Number.isInteger(config.numLayers) || config.numLayers < 1 || config.numLayers > MAX_LAYERS) {
    throw new EngineError('invalid-argument', `The number of layers must be a whole number from 1 to ${MAX_LAYERS}, got ${config.numLayers}.`);
  }
  if (config.ffnDim !== undefined && (!Number.isInteger(config.ffnDim) || config.ffnDim < 1 || config.ffnDim > 4 * MAX_WIDTH)) {
    throw new EngineError('invalid-argument', `The feed-forward width must be a whole number from 1 to ${4 * MAX_WIDTH}, got ${config.ffnDim}.`);
  }
  if (!Number.isFinite(config.seed)) throw new EngineError('invalid-argument', `The seed must be a number, got ${config.seed}.`);
}

export function createModel(config: ModelConfig): EncoderLayerParams[] {
  validateConfig(config);
  const random = mulberry32(config.seed);
  const ffnDim = config.ffnDim ?? 4 * config.embedDim;
  return Array.from({ length: config.numLayers }, () => randomEncoderLayer(config.embedDim, config.numHeads, ffnDim, random));
}

/**
 * Text in, every intermediate out: tokenize → embed → (+ positional encoding) → N encoder layers, in one readable
 * pass. The reference the staged, cached run (`encoderModel(config).run`, src/engine/run) is tested against.
 */
export function runModel(text: string, config: ModelConfig, options: RunOptions = {}, layers: readonly EncoderLayerParams[] = createModel(config)): ModelRun {
  const { tokens, totalTokens, truncated } = tokenize(text, options.tokenize);
  if (tokens.length === 0) throw emptyTextError();
  const embeddings = embedTokens(tokens.map((t) => t.text), config.embedDim, config.seed);
  const input = options.positionalEncoding === false ? embeddings : addPositionalEncoding(embeddings);
  const mask = buildMask(tokens.length, tokens.length, options.mask);
  const traces = encoderStack(input, layers, {
    normFirst: options.normFirst,
    residual: options.residual,
    scale: options.scale,
    mask,
    disabledHeadsPerLayer: options.disabledHeads,
  });
  return { tokens, totalTokens, truncated, embeddings, input, layers: traces };
}
