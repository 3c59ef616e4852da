import { describe, expect, it } from 'vitest';
import { sinusoidalPositionalEncoding } from '../../../src/engine/positionalEncoding';
import { mulberry32 } from '../../../src/engine/random';
import { attentionBackward, attentionForward, type AttentionShape } from '../../../src/engine/train/ops/attention';
import { crossEntropyBackward, crossEntropyForward } from '../../../src/engine/train/ops/crossEntropy';
import { embedBackward, embedForward } from '../../../src/engine/train/ops/embedding';
import { layerNormBackward, layerNormForward } from '../../../src/engine/train/ops/layerNorm';
import { linearBackward, linearForward } from '../../../src/engine/train/ops/linear';
import { reluBackward, reluForward } from '../../../src/engine/train/ops/relu';
import { addInto } from '../../../src/engine/train/ops/residual';
import { softmaxRowBackward, softmaxRowForward } from '../../../src/engine/train/ops/softmax';
import { backward, createTinyTransformer, createWorkspace, forward, type TinyTransformer } from '../../../src/engine/train/tinyTransformer';
import { IGNORE_TARGET, type TinyModelConfig } from '../../../src/engine/train/types';
import { l2, numericGradient, randomValues, relativeError, weightedSum } from './finiteDifference';

const TOLERANCE = 1e-5;

/** The analytic gradient agrees with central differences, and is not trivially zero. */
function expectGradient(analytic: Float64Array, numeric: Float64Array): void {
  expect(l2(numeric)).toBeGreaterThan(1e-3);
  expect(relativeError(analytic, numeric)).toBeLessThan(TOLERANCE);
}

describe('gradient checks of every op (analytic vs central differences, relative L2 error < 1e-5)', () => {
  it('embedding + sinusoidal positional encoding', () => {
    const [v, e, t, b] = [5, 6, 4, 3];
    const table = randomValues(v * e, 1);
    const positions = Float64Array.from(sinusoidalPositionalEncoding(t, e).data);
    const tokens = Int32Array.from([0, 2, 2, 4, 1, 0, 3, 2, 4, 4, 0, 1]);
    const w = randomValues(b * t * e, 2);
    const out = new Float64Array(b * t * e);
    const loss = (): number => {
      embedForward(tokens, b * t, t, table, positions, e, out);
      return weightedSum(out, w);
    };
    loss();
    // The positional encoding is added: out − table[token] is PE of the token's position.
    expect(out[(t + 1) * e + 3] - table[tokens[t + 1] * e + 3]).toBeCloseTo(positions[e + 3], 12);
    const analytic = new Float64Array(v * e);
    embedBackward(tokens, b * t, w, e, analytic);
    expectGradient(analytic, numericGradient(loss, table));
  });

  it.each([
    ['small', 5, 4, 3],
    ['larger than the 16 × 16 transpose tiles and the 2 × 4 register blocks', 37, 18, 21],
  ] as const)('linear layer (%s): x, weight and bias', (_label, rows, inDim, outDim) => {
    const x = randomValues(rows * inDim, 3);
    const weight = randomValues(outDim * inDim, 4);
    const bias = randomValues(outDim, 5);
    const w = randomValues(rows * outDim, 6);
    const y = new Float64Array(rows * outDim);
    const loss = (): number => {
      linearForward(x, rows, inDim, weight, bias, outDim, y);
      return weightedSum(y, w);
    };
    const dW = new Float64Array(weight.length);
    const db = new Float64Array(bias.length);
    const dx = new Float64Array(x.length);
    loss();
    linearBackward(x, w, rows, inDim, weight, outDim, dW, db, dx);
    expectGradient(dx, numericGradient(loss, x));
    expectGradient(dW, numericGradient(loss, weight));
    expectGradient(db, numericGradient(loss, bias));
  });

  it('masked softmax row: blocked entries get probability 0 and gradient 0', () => {
    const n = 6;
    const scores = randomValues(n, 7, 2);
    const mask = Uint8Array.from([0, 1, 0, 0, 1, 0]);
    const w = randomValues(n, 8);
    const probs = new Float64Array(n);
    const loss = (): number => {
      softmaxRowForward(scores, 0, n, mask, 0, probs);
      return weightedSum(probs, w);
    };
    loss();
    expect(probs[1]).toBe(0);
    expect(probs[4]).toBe(0);
    expect(probs.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    const analytic = new Float64Array(n);
    softmaxRowBackward(probs, 0, w, 0, n, analytic);
    expect(analytic[1]).toBe(0);
    expect(analytic[4]).toBe(0);
    expectGradient(analytic, numericGradient(loss, scores));
  });

  const shape: AttentionShape = { batch: 2, seqLen: 4, heads: 2, width: 6 };
  const causal = new Uint8Array(16);
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) causal[i * 4 + j] = 1;
  const withEmptyRow = Uint8Array.from([1, 1, 1, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0]);

  it.each([
    ['no mask', null],
    ['a causal mask', causal],
    ['a fully masked query row', withEmptyRow],
  ] as const)('fused-QKV multi-head attention with %s', (_label, mask) => {
    const { batch, seqLen: t, heads, width: e } = shape;
    const n = batch * t;
    const qkv = randomValues(n * 3 * e, 9);
    const w = randomValues(n * e, 10);
    const probs = new Float64Array(batch * heads * t * t);
    const out = new Float64Array(n * e);
    const loss = (): number => {
      attentionForward(qkv, shape, mask, probs, out);
      return weightedSum(out, w);
    };
    loss();
    for (let r = 0; r < batch * heads * t; r++) {
      const sum = probs.subarray(r * t, (r + 1) * t).reduce((s, p) => s + p, 0);
      expect(sum).toBeCloseTo(mask === withEmptyRow && r % t === 0 ? 0 : 1, 12);
    }
    const analytic = new Float64Array(qkv.length);
    attentionBackward(qkv, probs, w, shape, new Float64Array(t), analytic);
    expectGradient(analytic, numericGradient(loss, qkv));
    if (mask === withEmptyRow) {
      // Query 0 sees nothing: its output is 0 and its query vector gets no gradient.
      for (let b = 0; b < batch; b++) {
        for (let c = 0; c < e; c++) expect(out[b * t * e + c]).toBe(0);
        for (let c = 0; c < e; c++) expect(analytic[b * t * 3 * e + c]).toBe(0);
      }
    }
  });

  it('layer norm: x, weight and bias', () => {
    const [rows, e] = [4, 5];
    const x = randomValues(rows * e, 11, 2);
    const gamma = randomValues(e, 12);
    const beta = randomValues(e, 13);
    const w = randomValues(rows * e, 14);
    const normalized = new Float64Array(rows * e);
    const invStd = new Float64Array(rows);
    const y = new Float64Array(rows * e);
    const loss = (): number => {
      layerNormForward(x, rows, e, gamma, beta, 1e-5, normalized, invStd, y);
      return weightedSum(y, w);
    };
    loss();
    const dGamma = new Float64Array(e);
    const dBeta = new Float64Array(e);
    const dx = new Float64Array(rows * e);
    layerNormBackward(w, rows, e, gamma, normalized, invStd, dGamma, dBeta, dx);
    expectGradient(dx, numericGradient(loss, x));
    expectGradient(dGamma, numericGradient(loss, gamma));
    expectGradient(dBeta, numericGradient(loss, beta));
  });

  it('ReLU alone and the feed-forward network linear2(ReLU(linear1(x)))', () => {
    const count = 12;
    const h = randomValues(count, 15);
    const w = randomValues(count, 16);
    const a = new Float64Array(count);
    const reluLoss = (): number => {
      reluForward(h, count, a);
      return weightedSum(a, w);
    };
    reluLoss();
    const dh = new Float64Array(count);
    reluBackward(h, w, count, dh);
    expectGradient(dh, numericGradient(reluLoss, h));

    const [rows, e, f] = [3, 4, 6];
    const x = randomValues(rows * e, 17);
    const w1 = randomValues(f * e, 18);
    const b1 = randomValues(f, 19);
    const w2 = randomValues(e * f, 20);
    const b2 = randomValues(e, 21);
    const wOut = randomValues(rows * e, 22);
    const hidden = new Float64Array(rows * f);
    const act = new Float64Array(rows * f);
    const y = new Float64Array(rows * e);
    const ffnLoss = (): number => {
      linearForward(x, rows, e, w1, b1, f, hidden);
      reluForward(hidden, rows * f, act);
      linearForward(act, rows, f, w2, b2, e, y);
      return weightedSum(y, wOut);
    };
    ffnLoss();
    const [dW1, dB1, dW2, dB2, dx, dAct] = [w1, b1, w2, b2, x, act].map((t) => new Float64Array(t.length));
    linearBackward(act, wOut, rows, f, w2, e, dW2, dB2, dAct);
    reluBackward(hidden, dAct, rows * f, dAct);
    linearBackward(x, dAct, rows, e, w1, f, dW1, dB1, dx);
    for (const [analytic, param] of [[dx, x], [dW1, w1], [dB1, b1], [dW2, w2], [dB2, b2]] as const) {
      expectGradient(analytic, numericGradient(ffnLoss, param));
    }
  });

  it('residual: the gradient of a + f(a) is the sum of both paths', () => {
    const [rows, e] = [3, 4];
    const x = randomValues(rows * e, 23);
    const weight = randomValues(e * e, 24);
    const w = randomValues(rows * e, 25);
    const fx = new Float64Array(rows * e);
    const out = new Float64Array(rows * e);
    const loss = (): number => {
      linearForward(x, rows, e, weight, null, e, fx);
      addInto(x, fx, rows * e, out);
      return weightedSum(out, w);
    };
    loss();
    const throughF = new Float64Array(rows * e);
    linearBackward(x, w, rows, e, weight, e, new Float64Array(e * e), null, throughF);
    const dx = new Float64Array(rows * e);
    addInto(w, throughF, rows * e, dx);
    expectGradient(dx, numericGradient(loss, x));
  });

  it('classifier + cross-entropy with IGNORE_TARGET entries', () => {
    const [rows, e, v] = [6, 4, 5];
    const x = randomValues(rows * e, 26);
    const weight = randomValues(v * e, 27);
    const bias = randomValues(v, 28);
    const targets = Int32Array.from([2, IGNORE_TARGET, 0, 4, IGNORE_TARGET, 1]);
    const logits = new Float64Array(rows * v);
    const probs = new Float64Array(rows * v);
    const predictions = new Int32Array(rows);
    const loss = (): number => {
      linearForward(x, rows, e, weight, bias, v, logits);
      return crossEntropyForward(logits, targets, rows, v, probs, predictions).loss;
    };
    loss();
    const { scored } = crossEntropyForward(logits, targets, rows, v, probs, predictions);
    expect(scored).toBe(4);
    const dLogits = new Float64Array(rows * v);
    crossEntropyBackward(probs, targets, rows, v, 4, dLogits);
    // The loss as a function of the logits alone (logits held fixed, not recomputed from x).
    const fixedLogits = logits.slice();
    const lossOfLogits = (): number => crossEntropyForward(fixedLogits, targets, rows, v, new Float64Array(rows * v), new Int32Array(rows)).loss;
    expectGradient(dLogits, numericGradient(lossOfLogits, fixedLogits));
    for (let c = 0; c < v; c++) {
      expect(dLogits[1 * v + c]).toBe(0);
      expect(dLogits[4 * v + c]).toBe(0);
    }
    const [dW, dB, dx] = [weight, bias, x].map((t) => new Float64Array(t.length));
    linearBackward(x, dLogits, rows, e, weight, v, dW, dB, dx);
    expectGradient(dx, numericGradient(loss, x));
    expectGradient(dW, numericGradient(loss, weight));
    expectGradient(dB, numericGradient(loss, bias));
    // Ignored rows contribute nothing: their inputs get no gradient.
    for (let c = 0; c < e; c++) expect(dx[1 * e + c]).toBe(0);
  });
});

/**
 * The model's analytic dL/dparams and, per parameter tensor, the central-difference gradient of the loss on a
 * random batch of 3 (every fifth target IGNORE_TARGET when `ignoring`).
 */
function wholeModelGradients(model: TinyTransformer, seed: number, ignoring: boolean) {
  const { config } = model;
  const batch = 3;
  const random = mulberry32(seed);
  const inputs = Int32Array.from({ length: batch * config.seqLen }, () => Math.floor(random() * config.vocab));
  const targets = Int32Array.from({ length: batch * config.seqLen }, (_, i) => (ignoring && i % 5 === 3 ? IGNORE_TARGET : Math.floor(random() * config.vocab)));
  const ws = createWorkspace(config, batch);
  const loss = (): number => forward(model, ws, inputs, targets, batch).loss;
  const { scored } = forward(model, ws, inputs, targets, batch);
  backward(model, ws, inputs, targets, batch, scored);
  const analytic = Float64Array.from(model.grads);
  return model.layout.slots.map((slot) => ({
    slot,
    analytic: analytic.subarray(slot.offset, slot.offset + slot.length),
    numeric: numericGradient(loss, model.params.subarray(slot.offset, slot.offset + slot.length)),
  }));
}

describe('gradient check of the whole model loss w.r.t. every parameter tensor', () => {
  it.each([
    ['bidirectional, 2 layers, 2 heads', false],
    ['causal, 2 layers, 2 heads', true],
  ] as const)('%s', (_label, causalMask) => {
    const config: TinyModelConfig = { task: 'induction', vocab: 5, seqLen: 4, layers: 2, heads: 2, width: 6, ffnWidth: 7, causal: causalMask };
    for (const { slot, analytic, numeric } of wholeModelGradients(createTinyTransformer(config, mulberry32(30)), 31, true)) {
      const error = relativeError(analytic, numeric);
      expect({ tensor: slot.name, ok: error < TOLERANCE && l2(numeric) > 1e-6 }).toEqual({ tensor: slot.name, ok: true });
    }
  });
});

describe('gradient check with a head switched off (ablation)', () => {
  it('matches central differences, and the switched-off head gets exactly zero gradient', () => {
    const config: TinyModelConfig = { task: 'reversal', vocab: 5, seqLen: 4, layers: 2, heads: 2, width: 6, ffnWidth: 7, causal: false };
    const model = createTinyTransformer(config, mulberry32(40));
    // Layer 0, head 1 off: its output is replaced by zeros before out_proj.
    model.headsOff = Uint8Array.from([0, 1, 0, 0]);
    const gradients = wholeModelGradients(model, 41, false);
    for (const { slot, analytic, numeric } of gradients) {
      if (l2(numeric) < 1e-9) expect({ tensor: slot.name, max: Math.max(...analytic.map(Math.abs)) }).toEqual({ tensor: slot.name, max: 0 });
      else expect({ tensor: slot.name, ok: relativeError(analytic, numeric) < TOLERANCE }).toEqual({ tensor: slot.name, ok: true });
    }
    // in_proj rows of head 1 (d = 3): q rows 3–5, k rows 9–11, v rows 15–17 of layer 0's [3E × E] weight.
    const inProj = gradients.find((g) => g.slot.name === 'layers.0.attn.in_proj_weight');
    expect(inProj).toBeDefined();
    const e = config.width;
    for (const row of [3, 4, 5, 9, 10, 11, 15, 16, 17]) {
      for (let c = 0; c < e; c++) expect(inProj?.analytic[row * e + c]).toBe(0);
    }
  });
});
