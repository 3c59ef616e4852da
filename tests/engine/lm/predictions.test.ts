// @vitest-environment node
// Next-token predictions from [L × V] logits: a stable softmax per row, the k most probable, ties to the smaller id.
import { EngineError, fromRows, mulberry32, probabilityOf, topPredictions, type Matrix } from '../../../src/engine';

const row = (values: readonly number[]): Matrix => fromRows([values]);

function randomLogits(rows: number, cols: number, seed: number, scale = 8): Matrix {
  const random = mulberry32(seed);
  return fromRows(Array.from({ length: rows }, () => Array.from({ length: cols }, () => (random() - 0.5) * scale)));
}

/** Every id of a row with its probability, sorted the slow, obvious way. */
function bruteForce(logits: Matrix, position: number) {
  const ids = Array.from({ length: logits.cols }, (_, id) => ({ id, probability: probabilityOf(logits, position, id) }));
  return ids.sort((a, b) => b.probability - a.probability || a.id - b.id);
}

describe('topPredictions / probabilityOf', () => {
  it('gives probabilities that sum to 1 over the whole row', () => {
    const logits = randomLogits(3, 500, 7);
    for (let p = 0; p < logits.rows; p++) {
      const all = topPredictions(logits, p, logits.cols);
      expect(all).toHaveLength(500);
      expect(Math.abs(all.reduce((s, x) => s + x.probability, 0) - 1)).toBeLessThan(1e-6);
      let sum = 0;
      for (let id = 0; id < logits.cols; id++) sum += probabilityOf(logits, p, id);
      expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
    }
  });

  it('does not overflow on a huge logit (1e4): that token gets ≈ 1, the others ≈ 0, nothing is NaN', () => {
    const logits = row([0, 1e4, -3, 9999]);
    const top = topPredictions(logits, 0, 4);
    expect(top.map((x) => x.id)).toEqual([1, 3, 0, 2]);
    for (const x of top) expect(Number.isFinite(x.probability)).toBe(true);
    expect(top[0].probability).toBeCloseTo(1 / (1 + Math.exp(-1)), 6);
    expect(top[0].logit).toBe(1e4);
    expect(probabilityOf(logits, 0, 0)).toBe(0);
  });

  it('orders by probability, ties to the smaller id, and keeps the raw logit', () => {
    const logits = fromRows([
      [1, 3, 3, 2, 3],
      [0, 0, 0, 0, 0],
    ]);
    expect(topPredictions(logits, 0, 3).map((x) => x.id)).toEqual([1, 2, 4]);
    expect(topPredictions(logits, 0, 5).map((x) => x.logit)).toEqual([3, 3, 3, 2, 1]);
    const uniform = topPredictions(logits, 1, 5);
    expect(uniform.map((x) => x.id)).toEqual([0, 1, 2, 3, 4]);
    for (const x of uniform) expect(x.probability).toBeCloseTo(0.2, 12);
  });

  it('matches a brute-force sort on random rows', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const logits = randomLogits(4, 97, seed);
      for (let p = 0; p < logits.rows; p++) {
        const expected = bruteForce(logits, p).slice(0, 5);
        const got = topPredictions(logits, p, 5);
        expect(got.map((x) => x.id)).toEqual(expected.map((x) => x.id));
        got.forEach((x, i) => expect(x.probability).toBe(expected[i].probability));
      }
    }
  });

  it('matches a brute-force sort with many ties (small integer logits)', () => {
    const random = mulberry32(3);
    const logits = fromRows([Array.from({ length: 60 }, () => Math.floor(random() * 4))]);
    expect(topPredictions(logits, 0, 10).map((x) => x.id)).toEqual(bruteForce(logits, 0).slice(0, 10).map((x) => x.id));
  });

  it('gives the whole vocabulary for k ≥ V and nothing for k = 0; −∞ logits get probability 0', () => {
    const logits = row([0, -Infinity, 0]);
    expect(topPredictions(logits, 0, 10).map((x) => [x.id, x.probability])).toEqual([
      [0, 0.5],
      [2, 0.5],
      [1, 0],
    ]);
    expect(topPredictions(logits, 0, 0)).toEqual([]);
  });

  it('throws EngineError for a position, id or k out of range, and for rows without a distribution', () => {
    const logits = randomLogits(2, 4, 1);
    for (const position of [-1, 2, 0.5, Number.NaN]) {
      expect(() => topPredictions(logits, position, 5)).toThrow(EngineError);
      expect(() => probabilityOf(logits, position, 0)).toThrow(EngineError);
    }
    expect(() => topPredictions(logits, 0, -1)).toThrow(EngineError);
    expect(() => topPredictions(logits, 0, 1.5)).toThrow(EngineError);
    for (const id of [-1, 4, 1.5]) expect(() => probabilityOf(logits, 0, id)).toThrow(EngineError);
    expect(() => topPredictions(row([0, Number.NaN]), 0, 1)).toThrow(EngineError);
    expect(() => topPredictions(row([0, Infinity]), 0, 1)).toThrow(EngineError);
    expect(() => topPredictions(row([-Infinity, -Infinity]), 0, 1)).toThrow(EngineError);
    expect(() => topPredictions(logits, 5, 1)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});
