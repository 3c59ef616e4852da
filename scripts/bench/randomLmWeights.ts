/**
 * Seeded random decoder weights of a given shape, for the benches (lmBench.ts: the shipped shape when its file is
 * absent; gpt2Bench.ts: GPT-2 small's shape). GPT-2's initialisation, N(0, 0.02) with the residual projections
 * scaled by 1/√(2N), with non-zero biases and LayerNorm gains ≠ 1 so that an ONNX graph's handling of every
 * parameter is checked too. The draw order is fixed (per block: ln1, attention, ln2, fc, proj; then wte, wpe, lnf):
 * a seed gives the same weights as before this file existed.
 */
import type { CausalLmBlock, CausalLmShape, CausalLmWeights } from '../../src/engine/lm/causalLmWeights';
import { zeros, type Matrix } from '../../src/engine/matrix';
import { fromPytorchInProj } from '../../src/engine/multiHead';
import { mulberry32, normal, type Random } from '../../src/engine/random';

/** A decoder's sizes: V, C, E, H, N, F as in CausalLmWeights. */
export type LmShape = CausalLmShape;

function randomMatrix(rows: number, cols: number, random: Random, std: number): Matrix {
  const m = zeros(rows, cols);
  for (let i = 0; i < m.data.length; i++) m.data[i] = std * normal(random);
  return m;
}

function randomVector(n: number, random: Random, mean: number, std: number): Float32Array {
  return Float32Array.from({ length: n }, () => mean + std * normal(random));
}

/** Tied embeddings, LayerNorm ε 1e-5 (GPT-2's). */
export function randomLmWeights(shape: LmShape, activation: CausalLmWeights['activation'], seed: number): CausalLmWeights {
  const random = mulberry32(seed);
  const { vocabSize: v, nPositions: c, embedDim: e, numHeads: h, numLayers: n, ffnDim: f } = shape;
  const eps = 1e-5;
  const residualStd = 0.02 / Math.sqrt(2 * n);
  const layerNorm = () => ({ weight: randomVector(e, random, 1, 0.1), bias: randomVector(e, random, 0, 0.05), eps });
  const layers: CausalLmBlock[] = Array.from({ length: n }, () => ({
    ln1: layerNorm(),
    attention: fromPytorchInProj(h, randomMatrix(3 * e, e, random, 0.02), randomVector(3 * e, random, 0, 0.02), randomMatrix(e, e, random, residualStd), randomVector(e, random, 0, 0.02)),
    ln2: layerNorm(),
    fc: { weight: randomMatrix(f, e, random, 0.02), bias: randomVector(f, random, 0, 0.02) },
    proj: { weight: randomMatrix(e, f, random, residualStd), bias: randomVector(e, random, 0, 0.02) },
  }));
  return {
    vocabSize: v,
    nPositions: c,
    embedDim: e,
    numHeads: h,
    numLayers: n,
    ffnDim: f,
    activation,
    layerNormEps: eps,
    tiedEmbeddings: true,
    wte: randomMatrix(v, e, random, 0.02),
    wpe: randomMatrix(c, e, random, 0.01),
    layers,
    lnf: layerNorm(),
  };
}
