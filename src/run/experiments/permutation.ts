import { encoderModel, maxAbsDifference, mulberry32, type Matrix, type ModelConfig } from '../../engine';

// Permutation equivariance, checked on the real engine: run the model on the tokens and on a shuffled order;
// without positional encoding the shuffled run's outputs are the original outputs, shuffled.

/** A seeded random order of 0 … n − 1 (Fisher–Yates); never the identity when n ≥ 2, so a shuffle always moves something. */
export function seededPermutation(n: number, seed: number): number[] {
  const perm = Array.from({ length: n }, (_, i) => i);
  const random = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  if (n >= 2 && perm.every((v, i) => v === i)) perm.push(perm.shift() as number);
  return perm;
}

/** Row i of the result is row perm[i] of m. */
export function permuteRows(m: Matrix, perm: readonly number[]): Matrix {
  const data = new Float32Array(m.rows * m.cols);
  perm.forEach((from, to) => data.set(m.data.subarray(from * m.cols, (from + 1) * m.cols), to * m.cols));
  return { rows: perm.length, cols: m.cols, data };
}

export interface PermutationParams {
  /** The encoder's config (the lab's model: `run.model.config`); the model itself comes from the engine's model cache. */
  readonly config: ModelConfig;
  readonly tokens: readonly string[];
  /** The shuffle: position i of the second run reads tokens[perm[i]]. */
  readonly perm: readonly number[];
  readonly positionalEncoding: boolean;
}

export interface PermutationRun {
  /** tokens[perm[i]]: the order the second run reads. */
  readonly shuffledTokens: readonly string[];
  /** The last layer's output for the original order, [L × d_model]. */
  readonly original: Matrix;
  /** The same rows put in the shuffled order: shuffle(output). */
  readonly shuffledOriginal: Matrix;
  /** The last layer's output when the model reads the shuffled tokens: output(shuffle). */
  readonly outputOfShuffled: Matrix;
  /** max |output(shuffle) − shuffle(output)| over every entry. */
  readonly maxDifference: number;
}

/**
 * Both runs through the same model (runWords: one-off, not cached, so the lab's stages are not evicted), no mask (a
 * causal mask ties queries to positions and breaks the symmetry on its own). Positional encoding, when on, is added
 * by position after the shuffle, as a model would.
 */
export function permutationRun({ config, tokens, perm, positionalEncoding }: PermutationParams): PermutationRun {
  const model = encoderModel(config);
  const shuffledTokens = perm.map((i) => tokens[i]);
  const last = (words: readonly string[]) => {
    const { layers } = model.runWords(words, { positionalEncoding });
    return layers[layers.length - 1].output;
  };
  const original = last(tokens);
  const outputOfShuffled = last(shuffledTokens);
  const shuffledOriginal = permuteRows(original, perm);
  return { shuffledTokens, original, shuffledOriginal, outputOfShuffled, maxDifference: maxAbsDifference(outputOfShuffled, shuffledOriginal) };
}
