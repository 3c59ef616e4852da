// erf and the two GELUs against values from CPython's math.erf (correctly rounded double precision), and the
// feed-forward network's activation switch.
import { erf, feedForward, gelu, geluTanh, type FeedForwardParams } from '../../src/engine';
import { matrixOf } from './support';

describe('erf', () => {
  it('matches math.erf to 1e-13 inside and across the switch from series to continued fraction (2.5)', () => {
    const known: [number, number][] = [
      [0.1, 0.1124629160182849],
      [0.5, 0.5204998778130465],
      [-0.7, -0.6778011938374184],
      [1, 0.8427007929497149],
      [2, 0.9953222650189527],
      [2.4999, 0.9995928300996666],
      [2.5, 0.999593047982555],
      [2.5001, 0.9995932657565293],
      [3, 0.9999779095030014],
      [4, 0.9999999845827421],
      [5, 0.9999999999984626],
    ];
    for (const [x, want] of known) expect(Math.abs(erf(x) - want)).toBeLessThan(1e-13);
  });

  it('is odd, 0 at 0, ±1 far out, and NaN for NaN', () => {
    for (const x of [0.3, 1.7, 2.6, 4.2]) expect(erf(-x)).toBe(-erf(x));
    expect(erf(0)).toBe(0);
    expect(erf(8)).toBe(1);
    expect(erf(-30)).toBe(-1);
    expect(erf(NaN)).toBeNaN();
  });
});

describe('GELU', () => {
  const xs = [-3, -1, -0.5, 0.5, 1, 2, 3];
  it('exact: x·Φ(x), to 1e-12', () => {
    const want = [-0.00404969409489031, -0.15865525393145707, -0.15426876936299344, 0.34573123063700656, 0.8413447460685429, 1.9544997361036416, 2.99595030590511];
    xs.forEach((x, i) => expect(Math.abs(gelu(x) - want[i])).toBeLessThan(1e-12));
  });

  it("tanh: GPT-2's approximation, to 1e-12, and a different function from the exact one", () => {
    const want = [-0.0036373920817729943, -0.15880800939172324, -0.15428599017485606, 0.34571400982514394, 0.8411919906082768, 1.954597694087775, 2.996362607918227];
    xs.forEach((x, i) => expect(Math.abs(geluTanh(x) - want[i])).toBeLessThan(1e-12));
    expect(Math.abs(geluTanh(-3) - gelu(-3))).toBeGreaterThan(1e-4);
  });
});

describe('the feed-forward activation', () => {
  // One token, E = 1, F = 2: hidden = [x, −x] before the activation; linear2 sums the two.
  const params = (activation?: FeedForwardParams['activation']): FeedForwardParams => ({
    w1: matrixOf(2, 1, [1, -1]),
    b1: new Float32Array(2),
    w2: matrixOf(1, 2, [1, 1]),
    b2: new Float32Array(1),
    activation,
  });
  const x = matrixOf(1, 1, [1]);

  it('is ReLU by default, as before', () => {
    expect(Array.from(feedForward(x, params()).hidden.data)).toEqual([1, 0]);
    expect(Array.from(feedForward(x, params('relu')).output.data)).toEqual([1]);
  });

  it('applies GELU (exact or tanh) to the hidden layer when asked', () => {
    expect(feedForward(x, params('gelu')).hidden.data[1]).toBeCloseTo(-0.15865525393145707, 6);
    expect(feedForward(x, params('gelu_tanh')).hidden.data[1]).toBeCloseTo(-0.15880800939172324, 6);
    expect(feedForward(x, params('gelu')).output.data[0]).toBeCloseTo(0.8413447460685429 - 0.15865525393145707, 6);
  });
});
