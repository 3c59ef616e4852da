import { EngineError } from './errors';
import { activateInPlace, type Activation } from './gelu';
import { assertShape, assertVectorLength, linear, type Matrix } from './matrix';
import { xavierUniform, type Random } from './random';

/** Position-wise feed-forward network: linear2(act(linear1(x))), applied to every token on its own. */
export interface FeedForwardParams {
  readonly w1: Matrix; // F × E
  readonly b1: Float32Array; // F
  readonly w2: Matrix; // E × F
  readonly b2: Float32Array; // E
  /** Default 'relu' (the original Transformer's); GPT-2 style language models use 'gelu' or 'gelu_tanh'. */
  readonly activation?: Activation;
}

export interface FeedForwardTrace {
  readonly hidden: Matrix; // tokens × F, after the activation
  readonly output: Matrix; // tokens × E
}

export function validateFeedForward(p: FeedForwardParams, embedDim: number): void {
  const f = p.w1.rows;
  if (f < 1) throw new EngineError('invalid-argument', 'The feed-forward network needs at least one hidden unit.');
  assertShape(p.w1, f, embedDim, 'linear1.weight');
  assertVectorLength(p.b1, f, 'linear1.bias');
  assertShape(p.w2, embedDim, f, 'linear2.weight');
  assertVectorLength(p.b2, embedDim, 'linear2.bias');
}

export function feedForward(x: Matrix, p: FeedForwardParams): FeedForwardTrace {
  const hidden = linear(x, p.w1, p.b1, 'linear1');
  activateInPlace(hidden.data, p.activation ?? 'relu');
  return { hidden, output: linear(hidden, p.w2, p.b2, 'linear2') };
}

export function randomFeedForward(embedDim: number, ffnDim: number, random: Random): FeedForwardParams {
  return {
    w1: xavierUniform(ffnDim, embedDim, random),
    b1: new Float32Array(ffnDim),
    w2: xavierUniform(embedDim, ffnDim, random),
    b2: new Float32Array(embedDim),
  };
}
