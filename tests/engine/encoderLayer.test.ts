// @vitest-environment node
import {
  add,
  buildMask,
  encoderLayer,
  encoderStack,
  feedForward,
  layerNorm,
  multiHeadAttention,
  randomEncoderLayer,
  type EncoderLayerParams,
  type Matrix,
} from '../../src/engine';
import { engineError, expectMatrixClose, maxDiff, randomMatrix, seeded } from './support';

/** Non-trivial LayerNorm gains and shifts, so that mixing up norm1 and norm2 would show. */
function layerWithDistinctNorms(seed: number): EncoderLayerParams {
  const random = seeded(seed);
  const base = randomEncoderLayer(8, 2, 16, random);
  const norm = () => ({
    weight: Float32Array.from({ length: 8 }, () => 0.5 + random()),
    bias: Float32Array.from({ length: 8 }, () => random() - 0.5),
    eps: 1e-5,
  });
  return { ...base, norm1: norm(), norm2: norm() };
}

const layer = layerWithDistinctNorms(1);
const x = randomMatrix(5, 8, seeded(2));
const tolerance = 1e-5;

describe('encoderLayer wiring, rebuilt from the parts', () => {
  it('post-LN (default): x₁ = LN₁(x + MHA(x)), out = LN₂(x₁ + FFN(x₁))', () => {
    const t = encoderLayer(x, layer);
    expect(t.normFirst).toBe(false);
    expect(t.residual).toBe(true);
    const attention = multiHeadAttention(x, layer.attention).output;
    expectMatrixClose(t.attention.output, attention, tolerance);
    const x1 = layerNorm(add(x, attention), layer.norm1);
    expectMatrixClose(t.afterAttention, x1, tolerance);
    const ffn = feedForward(x1, layer.ffn).output;
    expectMatrixClose(t.ffn.output, ffn, tolerance);
    expectMatrixClose(t.output, layerNorm(add(x1, ffn), layer.norm2), tolerance);
    // and in terms of the trace's own pieces
    expectMatrixClose(t.output, layerNorm(add(t.afterAttention, t.ffn.output), layer.norm2), tolerance);
  });

  it('pre-LN: x₁ = x + MHA(LN₁(x)), out = x₁ + FFN(LN₂(x₁))', () => {
    const t = encoderLayer(x, layer, { normFirst: true });
    const attentionInput = layerNorm(x, layer.norm1);
    expectMatrixClose(t.attentionInput, attentionInput, tolerance);
    const x1 = add(x, multiHeadAttention(attentionInput, layer.attention).output);
    expectMatrixClose(t.afterAttention, x1, tolerance);
    const ffnInput = layerNorm(x1, layer.norm2);
    expectMatrixClose(t.ffnInput, ffnInput, tolerance);
    expectMatrixClose(t.output, add(x1, feedForward(ffnInput, layer.ffn).output), tolerance);
    expectMatrixClose(t.output, add(t.afterAttention, t.ffn.output), tolerance);
  });

  it('post-LN without residual: x₁ = LN₁(MHA(x)), out = LN₂(FFN(x₁))', () => {
    const t = encoderLayer(x, layer, { residual: false });
    const x1 = layerNorm(multiHeadAttention(x, layer.attention).output, layer.norm1);
    expectMatrixClose(t.afterAttention, x1, tolerance);
    expectMatrixClose(t.output, layerNorm(feedForward(x1, layer.ffn).output, layer.norm2), tolerance);
  });

  it('pre-LN without residual: x₁ = MHA(LN₁(x)), out = FFN(LN₂(x₁))', () => {
    const t = encoderLayer(x, layer, { normFirst: true, residual: false });
    const x1 = multiHeadAttention(layerNorm(x, layer.norm1), layer.attention).output;
    expectMatrixClose(t.afterAttention, x1, tolerance);
    expectMatrixClose(t.output, feedForward(layerNorm(x1, layer.norm2), layer.ffn).output, tolerance);
  });

  it('post-LN and pre-LN give different outputs for the same weights', () => {
    expect(maxDiff(encoderLayer(x, layer).output, encoderLayer(x, layer, { normFirst: true }).output)).toBeGreaterThan(1e-2);
  });

  it('the residual switch changes the output', () => {
    expect(maxDiff(encoderLayer(x, layer).output, encoderLayer(x, layer, { residual: false }).output)).toBeGreaterThan(1e-2);
  });

  it('passes mask, scale and ablation through to attention', () => {
    const mask = buildMask(5, 5, { causal: true });
    const options = { mask, scale: false, disabledHeads: new Set([1]) };
    const t = encoderLayer(x, layer, options);
    expectMatrixClose(t.attention.output, multiHeadAttention(x, layer.attention, options).output, tolerance);
    expect(t.attention.heads[0].weights.data[1]).toBe(0); // query 0 cannot see key 1
    expect(t.attention.heads[0].scaleFactor).toBe(1);
  });

  it('rejects a non-finite input', () => {
    const bad: Matrix = { ...x, data: Float32Array.from(x.data, (v, i) => (i === 3 ? NaN : v)) };
    const err = engineError(() => encoderLayer(bad, layer));
    expect(err.code).toBe('not-finite');
    expect(err.message).toContain('encoder input');
  });
});

describe('encoderStack', () => {
  const layers = [layerWithDistinctNorms(10), layerWithDistinctNorms(11), layerWithDistinctNorms(12)];

  it('N layers chain: each layer reads the previous output, and equals running encoderLayer by hand', () => {
    for (const normFirst of [false, true]) {
      const traces = encoderStack(x, layers, { normFirst });
      expect(traces).toHaveLength(3);
      expect(traces[0].input).toBe(x);
      let current = x;
      traces.forEach((t, i) => {
        if (i > 0) expect(t.input).toBe(traces[i - 1].output);
        current = encoderLayer(current, layers[i], { normFirst }).output;
        expectMatrixClose(t.output, current, tolerance);
      });
    }
  });

  it('disabledHeadsPerLayer ablates each layer separately', () => {
    const perLayer = [new Set([0]), new Set<number>(), new Set([1])];
    const traces = encoderStack(x, layers, { disabledHeadsPerLayer: perLayer });
    expect(traces.map((t) => [...t.attention.disabledHeads])).toEqual([[0], [], [1]]);
    let current = x;
    traces.forEach((t, i) => {
      current = encoderLayer(current, layers[i], { disabledHeads: perLayer[i] }).output;
      expectMatrixClose(t.output, current, tolerance);
    });
  });

  it('an empty stack returns no traces', () => {
    expect(encoderStack(x, [])).toEqual([]);
  });
});
