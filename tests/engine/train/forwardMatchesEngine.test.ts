import { describe, expect, it } from 'vitest';
import { encoderStack, type EncoderLayerParams } from '../../../src/engine/encoderLayer';
import { buildMask } from '../../../src/engine/masks';
import { fromPytorchInProj } from '../../../src/engine/multiHead';
import { mulberry32 } from '../../../src/engine/random';
import { LAYER_NORM_EPS, createTinyTransformer, createWorkspace, forwardEncoder, forwardSample } from '../../../src/engine/train/tinyTransformer';
import type { TinyModelConfig } from '../../../src/engine/train/types';
import type { Matrix } from '../../../src/engine/matrix';

/*
 * Ties the trainer to the verified engine: the same weights, converted to the engine's MhaParams /
 * FeedForwardParams / LayerNormParams, give the same encoder output and attention weights through
 * src/engine/encoderLayer.ts (post-LN, same mask). The trainer's weights are first rounded to float32 so both sides
 * start from identical numbers; the engine stores float32, hence the 1e-5 tolerance.
 */
const f32 = (v: Float64Array): Float32Array => Float32Array.from(v);
const matrix = (v: Float64Array, rows: number, cols: number): Matrix => ({ rows, cols, data: f32(v) });

describe('the training forward equals the app engine (encoderStack)', () => {
  it.each([
    ['bidirectional, 2 layers, 2 heads', false],
    ['causal, 2 layers, 4 heads', true],
  ] as const)('%s', (_label, causal) => {
    const config: TinyModelConfig = { task: 'induction', vocab: 7, seqLen: 6, layers: 2, heads: causal ? 4 : 2, width: 8, ffnWidth: 16, causal };
    const model = createTinyTransformer(config, mulberry32(40));
    for (let i = 0; i < model.params.length; i++) model.params[i] = Math.fround(model.params[i]);
    const { seqLen: t, width: e, ffnWidth: f } = config;
    const random = mulberry32(41);
    const tokens = Int32Array.from({ length: t }, () => Math.floor(random() * config.vocab));

    const ws = createWorkspace(config, 1);
    forwardEncoder(model, ws, tokens, 1);
    const sample = forwardSample(model, tokens);

    const input: Matrix = { rows: t, cols: e, data: f32(ws.streams[0]) };
    const layers: EncoderLayerParams[] = model.tensors.layers.map((p) => ({
      attention: fromPytorchInProj(config.heads, matrix(p.inProjWeight, 3 * e, e), f32(p.inProjBias), matrix(p.outProjWeight, e, e), f32(p.outProjBias)),
      ffn: { w1: matrix(p.linear1Weight, f, e), b1: f32(p.linear1Bias), w2: matrix(p.linear2Weight, e, f), b2: f32(p.linear2Bias) },
      norm1: { weight: f32(p.norm1Weight), bias: f32(p.norm1Bias), eps: LAYER_NORM_EPS },
      norm2: { weight: f32(p.norm2Weight), bias: f32(p.norm2Bias), eps: LAYER_NORM_EPS },
    }));
    const traces = encoderStack(input, layers, { normFirst: false, mask: buildMask(t, t, { causal }) });

    traces.forEach((trace, l) => {
      const ours = ws.streams[l + 1];
      let worst = 0;
      for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs(ours[i] - trace.output.data[i]));
      expect(worst).toBeLessThan(1e-5);
      trace.attention.heads.forEach((head, h) => {
        const weights = sample.attention[l][h];
        let worstWeight = 0;
        for (let i = 0; i < weights.length; i++) worstWeight = Math.max(worstWeight, Math.abs(weights[i] - head.weights.data[i]));
        expect(worstWeight).toBeLessThan(1e-5);
      });
    });
    // Not a vacuous comparison: the layers do change the stream.
    expect(Math.abs(ws.streams[2][0] - ws.streams[0][0])).toBeGreaterThan(1e-3);
  });
});
