// @vitest-environment node
import { EngineError, feedForward, fromRows, randomFeedForward, toRows, validateFeedForward } from '../../src/engine';
import { seeded } from './support';

describe('feedForward', () => {
  // E = 2, F = 3; linear1 then ReLU then linear2, all worked out by hand.
  const params = {
    w1: fromRows([[1, 0], [0, 1], [1, -1]]),
    b1: Float32Array.from([0, -5, 1]),
    w2: fromRows([[1, 1, 1], [1, 0, -1]]),
    b2: Float32Array.from([0.5, 0]),
  };

  it('hidden = relu(x·W₁ᵀ + b₁), output = hidden·W₂ᵀ + b₂', () => {
    const trace = feedForward(fromRows([[2, 3], [-1, 4]]), params);
    // token 0: pre-activation [2, −2, 0] → [2, 0, 0]; token 1: [−1, −1, −4] → [0, 0, 0]
    expect(toRows(trace.hidden)).toEqual([[2, 0, 0], [0, 0, 0]]);
    expect(toRows(trace.output)).toEqual([[2.5, 2], [0.5, 0]]);
  });

  it('treats every token on its own', () => {
    const alone = feedForward(fromRows([[2, 3]]), params).output;
    const together = feedForward(fromRows([[2, 3], [7, -7]]), params).output;
    expect(Array.from(together.data.subarray(0, 2))).toEqual(Array.from(alone.data));
  });

  it('validateFeedForward rejects mismatched shapes and an empty hidden layer', () => {
    expect(() => validateFeedForward(params, 3)).toThrow(EngineError);
    expect(() => validateFeedForward({ ...params, b1: new Float32Array(2) }, 2)).toThrow(/linear1.bias/);
    expect(() => validateFeedForward(randomFeedForward(4, 0, seeded(1)), 4)).toThrow(/at least one hidden unit/);
  });
});
