// A small causal language model with random weights and a tokenizer built from a few sentences, so generation can
// be tested (and the generation widget rendered) without the 3 MB model file. Same layout as the trained model
// (pre-LN blocks, GELU, learned positions), only smaller.
import {
  buildVocabulary,
  CausalLmModel,
  createLmTokenizer,
  fromPytorchInProj,
  mulberry32,
  normal,
  zeros,
  type CausalLmBlock,
  type CausalLmWeights,
  type VocabularyTokenizer,
  type Matrix,
  type Random,
} from '../../../src/engine';

export const SMALL_LM_CORPUS: readonly string[] = [
  'The animal did not cross the street because it was too tired.',
  'The cat sat on the mat. The dog sat on the log.',
  '我爱北京。我爱学习。',
];

export const smallTokenizer: VocabularyTokenizer = createLmTokenizer(buildVocabulary(SMALL_LM_CORPUS, { size: 320 }));

export interface SmallLmShape {
  readonly nPositions: number;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
  readonly ffnDim: number;
}

export const SMALL_LM_SHAPE: SmallLmShape = { nPositions: 32, embedDim: 16, numHeads: 4, numLayers: 2, ffnDim: 32 };

function randomMatrix(rows: number, cols: number, random: Random, std: number): Matrix {
  const m = zeros(rows, cols);
  for (let i = 0; i < m.data.length; i++) m.data[i] = std * normal(random);
  return m;
}

const randomVector = (n: number, random: Random, mean: number, std: number): Float32Array => Float32Array.from({ length: n }, () => mean + std * normal(random));

/** What else a caller may choose: the vocabulary's size (another tokenizer's) and the spread of the token embeddings. */
export interface SmallLmVocabulary {
  readonly vocabSize: number;
  readonly embeddingStd: number;
}

/** Random weights (tied embeddings), by default for `smallTokenizer`'s vocabulary. */
export function smallLmWeights(
  seed: number,
  shape: SmallLmShape = SMALL_LM_SHAPE,
  { vocabSize: v, embeddingStd }: SmallLmVocabulary = { vocabSize: smallTokenizer.size, embeddingStd: 0.5 },
): CausalLmWeights {
  const random = mulberry32(seed);
  const { embedDim: e, numHeads: h, numLayers: n, ffnDim: f, nPositions: c } = shape;
  const eps = 1e-5;
  const layerNorm = () => ({ weight: randomVector(e, random, 1, 0.1), bias: randomVector(e, random, 0, 0.05), eps });
  const layers: CausalLmBlock[] = Array.from({ length: n }, () => ({
    ln1: layerNorm(),
    attention: fromPytorchInProj(h, randomMatrix(3 * e, e, random, 0.5), randomVector(3 * e, random, 0, 0.1), randomMatrix(e, e, random, 0.5), randomVector(e, random, 0, 0.1)),
    ln2: layerNorm(),
    fc: { weight: randomMatrix(f, e, random, 0.3), bias: randomVector(f, random, 0, 0.1) },
    proj: { weight: randomMatrix(e, f, random, 0.3), bias: randomVector(e, random, 0, 0.1) },
  }));
  return {
    vocabSize: v, nPositions: c, embedDim: e, numHeads: h, numLayers: n, ffnDim: f,
    activation: 'gelu', layerNormEps: eps, tiedEmbeddings: true,
    wte: randomMatrix(v, e, random, embeddingStd), wpe: randomMatrix(c, e, random, 0.5), layers, lnf: layerNorm(),
  };
}

export function smallLm(seed = 3, shape: SmallLmShape = SMALL_LM_SHAPE): CausalLmModel {
  return new CausalLmModel(smallLmWeights(seed, shape), { tokenizer: smallTokenizer });
}

/**
 * A model that always ends at once: LN_f's weight is 0, so every position's final hidden state is LN_f's bias b,
 * and the (untied) output row of the end-of-text token is 10·b, far above every other token's score.
 */
export function endingLm(): CausalLmModel {
  const base = smallLmWeights(5);
  const e = base.embedDim;
  const bias = Float32Array.from({ length: e }, (_, i) => (i % 2 === 0 ? 1 : -1));
  const lmHead = randomMatrix(base.vocabSize, e, mulberry32(9), 0.1);
  lmHead.data.set(bias.map((x) => 10 * x), smallTokenizer.endOfText * e);
  return new CausalLmModel({ ...base, tiedEmbeddings: false, lmHead, lnf: { weight: new Float32Array(e), bias, eps: base.layerNormEps } }, { tokenizer: smallTokenizer });
}
