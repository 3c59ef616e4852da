// @vitest-environment node
// Head probes: previous-, first- and same-token scores against hand computations (a hand-made run whose weights are
// known, and a golden fixture's run read cell by cell), pooling, the stable log-softmax, and the induction probe
// (deterministic sequences of ordinary tokens, scores and icl gain recomputed directly, ablation).
import { CausalLmModel, EngineError, buildVocabulary, createLmTokenizer, fromRows, mulberry32, type CausalLmWeights, type Matrix } from '../../../src/engine';
import {
  bestHead,
  firstTokenScores,
  inductionProbe,
  inductionSequences,
  pooledMean,
  previousTokenScores,
  previousTokenSums,
  sameTokenScores,
  sameTokenSums,
  tokenLogProb,
  type AttentionMaps,
} from '../../../src/engine/lm/headProbes';
import { loadLmFixture } from './causalLmSupport';

/** A run-shaped object with one layer of the given heads' weights. */
function mapsOf(tokenIds: number[], heads: number[][][]): AttentionMaps {
  return { tokenIds, layers: [{ attention: { heads: heads.map((rows) => ({ weights: fromRows(rows) })) } }] };
}

/** Causal weights [L × L]: row i is one-hot at pick(i) (a key ≤ i). */
const oneHot = (n: number, pick: (i: number) => number): number[][] => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (j === pick(i) ? 1 : 0)));
/** Causal weights spread evenly over keys 0..i. */
const uniform = (n: number): number[][] => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (j <= i ? 1 / (i + 1) : 0)));

const cell = (m: Matrix, i: number, j: number): number => m.data[i * m.cols + j];

describe('previous-, first- and same-token scores', () => {
  it('read a hand-made run: a previous-token head scores 1, a first-token head 1, a uniform head the mean of 1/(i+1)', () => {
    const maps = mapsOf([0, 5, 6, 7, 8], [oneHot(5, (i) => Math.max(0, i - 1)), oneHot(5, () => 0), uniform(5)]);
    const meanInv = (1 / 2 + 1 / 3 + 1 / 4 + 1 / 5) / 4;
    const prev = previousTokenScores(maps)?.[0] ?? [];
    expect(prev[0]).toBe(1);
    expect(prev[1]).toBeCloseTo(1 / 4, 12); // only i = 1, where i − 1 is position 0
    expect(prev[2]).toBeCloseTo(meanInv, 6);
    const first = firstTokenScores(maps)?.[0] ?? [];
    expect(first[0]).toBeCloseTo(1 / 4, 12);
    expect(first[1]).toBe(1);
    expect(first[2]).toBeCloseTo(meanInv, 6);
  });

  it('same-token: the weight on every earlier occurrence, only at positions whose id repeats; null when none does', () => {
    // ids: a b a b a → positions 2 (earlier 0), 3 (earlier 1), 4 (earlier 0, 2) qualify.
    const maps = mapsOf([3, 4, 3, 4, 3], [uniform(5), oneHot(5, (i) => Math.max(0, i - 1))]);
    const [spread, previous] = sameTokenScores(maps)?.[0] ?? [];
    expect(spread).toBeCloseTo((1 / 3 + 1 / 4 + 2 / 5) / 3, 6);
    expect(previous).toBe(0); // i − 1 never holds the same id here
    expect(sameTokenSums(maps).count).toBe(3);
    expect(sameTokenScores(mapsOf([1, 2, 3], [uniform(3)]))).toBeNull();
    expect(previousTokenScores(mapsOf([1], [[[1]]]))).toBeNull();
  });

  it('match a golden fixture\'s run read cell by cell, every score in [0, 1]', () => {
    const fx = loadLmFixture('causal_lm_ablated.json');
    const run = new CausalLmModel(fx.weights).runIds(fx.tokenIds);
    const n = run.tokenIds.length;
    const prev = previousTokenScores(run);
    const first = firstTokenScores(run);
    const same = sameTokenScores(run); // the fixture's ids repeat (0 and 54 twice)
    expect(prev && first && same).toBeTruthy();
    run.layers.forEach((layer, l) =>
      layer.attention.heads.forEach(({ weights }, h) => {
        let p = 0;
        let f = 0;
        for (let i = 1; i < n; i++) {
          p += cell(weights, i, i - 1);
          f += cell(weights, i, 0);
        }
        expect(prev?.[l][h]).toBeCloseTo(p / (n - 1), 6);
        expect(first?.[l][h]).toBeCloseTo(f / (n - 1), 6);
        for (const s of [prev, first, same]) {
          expect(s?.[l][h]).toBeGreaterThanOrEqual(0);
          expect(s?.[l][h]).toBeLessThanOrEqual(1 + 1e-6);
        }
      }),
    );
  });

  it('pool runs as a mean over every (run, position) pair, not a mean of means', () => {
    const short = mapsOf([0, 1], [oneHot(2, (i) => Math.max(0, i - 1))]); // 1 position, score 1
    const long = mapsOf([0, 1, 2, 3, 4], [oneHot(5, () => 0)]); // 4 positions, score 1/4
    expect(pooledMean([previousTokenSums(short), previousTokenSums(long)])?.[0][0]).toBeCloseTo((1 + 1) / 5, 12);
    expect(pooledMean([])).toBeNull();
  });

  it('bestHead picks the highest score', () => {
    expect(bestHead([[0.1, 0.2], [0.7, 0.3]])).toEqual({ layer: 1, head: 0, score: 0.7 });
  });
});

describe('tokenLogProb', () => {
  it('is stable for huge logits and sums to one', () => {
    const big = fromRows([[1000, 1001, 1002, -1e4]]);
    const small = fromRows([[0, 1, 2, -11000]]); // the same row shifted by −1000
    let total = 0;
    for (let id = 0; id < 4; id++) {
      expect(Number.isFinite(tokenLogProb(big, 0, id))).toBe(true);
      expect(tokenLogProb(big, 0, id)).toBeCloseTo(tokenLogProb(small, 0, id), 10);
      total += Math.exp(tokenLogProb(big, 0, id));
    }
    expect(total).toBeCloseTo(1, 12);
    expect(tokenLogProb(small, 0, 2)).toBeCloseTo(2 - Math.log(1 + Math.E + Math.E ** 2), 12);
  });
});

// A model with a real tokenizer (byte tokens 1–256, ordinary ids after them): the 3-block, 4-head fixture with random
// wte rows for this vocabulary (tied embeddings). Its context is 24, so copies of up to 11 tokens fit.
const tokenizer = createLmTokenizer(buildVocabulary(['The cat sat on the mat. The dog sat on the log.', '我爱北京。我爱学习。北京是中国的首都。'], { size: 300 }));

function randomRows(rows: number, cols: number, seed: number): Matrix {
  const random = mulberry32(seed);
  return fromRows(Array.from({ length: rows }, () => Array.from({ length: cols }, () => 2 * (random() - 0.5))));
}

function weightsFor(vocabSize: number): CausalLmWeights {
  const base = loadLmFixture('causal_lm_ablated.json').weights;
  return { ...base, vocabSize, wte: randomRows(vocabSize, base.embedDim, 7) };
}

const WEIGHTS = weightsFor(tokenizer.size);
const model = new CausalLmModel(WEIGHTS, { tokenizer });
const LENGTH = 8;
const OPTIONS = { sequences: 6, length: LENGTH, seed: 11 };

/** Losses straight from runIds: −ln of a softmax computed in float64 without the max trick (logits are small here). */
function directLosses(m: CausalLmModel, seqs: number[][], disabledHeads = [] as { layer: number; head: number }[]): { first: number; second: number } {
  let first = 0;
  let second = 0;
  for (const ids of seqs) {
    const { logits } = m.runIds(ids, { disabledHeads });
    const loss = (p: number): number => {
      const row = Array.from(logits.data.subarray((p - 1) * logits.cols, p * logits.cols));
      const z = row.reduce((a, x) => a + Math.exp(x), 0);
      return -Math.log(Math.exp(row[ids[p]]) / z);
    };
    for (let p = 2; p <= LENGTH; p++) first += loss(p);
    for (let p = LENGTH + 2; p <= 2 * LENGTH; p++) second += loss(p);
  }
  const n = seqs.length * (LENGTH - 1);
  return { first: first / n, second: second / n };
}

describe('inductionProbe', () => {
  it('draws the same sequences for a seed, other ones for another seed: [start, a…, a…] of ordinary ids only', () => {
    const seqs = inductionSequences(model, OPTIONS);
    expect(inductionSequences(model, OPTIONS)).toEqual(seqs);
    expect(inductionSequences(model, { ...OPTIONS, seed: 12 })).not.toEqual(seqs);
    expect(seqs).toHaveLength(6);
    for (const ids of seqs) {
      expect(ids).toHaveLength(2 * LENGTH + 1);
      expect(ids[0]).toBe(tokenizer.endOfText);
      expect(ids.slice(1, 1 + LENGTH)).toEqual(ids.slice(1 + LENGTH));
      for (const id of ids.slice(1)) {
        expect(id).not.toBe(tokenizer.endOfText);
        expect(tokenizer.isByte(id)).toBe(false);
        expect(id).toBeGreaterThanOrEqual(257);
        expect(id).toBeLessThan(tokenizer.size);
      }
    }
    expect(new Set(seqs.flat()).size).toBeGreaterThan(10); // not stuck on one id
  });

  it('scores every head in [0, 1] as the mean weight from t to t − length + 1, and the icl gain as the losses say', () => {
    const result = inductionProbe(model, OPTIONS);
    const seqs = inductionSequences(model, OPTIONS);
    expect(result.scores).toHaveLength(3);
    const want = result.scores.map((row) => row.map(() => 0));
    for (const ids of seqs) {
      model.runIds(ids).layers.forEach((layer, l) =>
        layer.attention.heads.forEach(({ weights }, h) => {
          for (let t = LENGTH + 1; t <= 2 * LENGTH; t++) want[l][h] += cell(weights, t, t - LENGTH + 1) / (seqs.length * LENGTH);
        }),
      );
    }
    result.scores.forEach((row, l) =>
      row.forEach((s, h) => {
        expect(s).toBeCloseTo(want[l][h], 6);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }),
    );
    expect(result.best.score).toBe(Math.max(...result.scores.flat()));
    const { first, second } = directLosses(model, seqs);
    expect(result.firstCopyLossNats).toBeCloseTo(first, 6);
    expect(result.secondCopyLossNats).toBeCloseTo(second, 6);
    expect(result.iclGainNats).toBeCloseTo(first - second, 6);
  });

  it('passes the ablation through: a last-layer head keeps every score but changes the losses, as computed directly', () => {
    const all = inductionProbe(model, OPTIONS);
    const off = [{ layer: 2, head: 1 }];
    const ablated = inductionProbe(model, { ...OPTIONS, disabledHeads: off });
    expect(ablated.scores).toEqual(all.scores); // weights are computed before a head's output is dropped
    expect(ablated.iclGainNats).not.toBe(all.iclGainNats);
    const { first, second } = directLosses(model, inductionSequences(model, OPTIONS), off);
    expect(ablated.iclGainNats).toBeCloseTo(first - second, 6);
    // A first-layer head changes what later layers read, so their scores, but not its own layer's.
    const early = inductionProbe(model, { ...OPTIONS, disabledHeads: [{ layer: 0, head: 0 }] });
    expect(early.scores[0]).toEqual(all.scores[0]);
    expect(early.scores[1]).not.toEqual(all.scores[1]);
  });

  it('with every last-layer head off, equals the model whose last out_proj weight is zero (only its bias is left)', () => {
    const last = WEIGHTS.layers.length - 1;
    const block = WEIGHTS.layers[last];
    const zeroed: CausalLmWeights = {
      ...WEIGHTS,
      layers: WEIGHTS.layers.map((b, i) => (i === last ? { ...block, attention: { ...block.attention, wO: { ...block.attention.wO, data: new Float32Array(block.attention.wO.data.length) } } } : b)),
    };
    const heads = Array.from({ length: WEIGHTS.numHeads }, (_, head) => ({ layer: last, head }));
    const off = inductionProbe(model, { ...OPTIONS, disabledHeads: heads });
    const zero = inductionProbe(new CausalLmModel(zeroed, { tokenizer }), OPTIONS);
    expect(off.iclGainNats).toBeCloseTo(zero.iclGainNats, 9);
    expect(off.scores).toEqual(zero.scores);
  });

  it('refuses sequences longer than the context, and sizes that make no sense', () => {
    expect(() => inductionProbe(model, { seed: 1 })).toThrow(EngineError); // 2 · 24 + 1 = 49 > 24
    expect(() => inductionProbe(model, { seed: 1 })).toThrow(/49 tokens/);
    expect(() => inductionProbe(model, { seed: 1, length: 12 })).toThrow(EngineError); // 25 > 24
    expect(() => inductionProbe(model, { seed: 1, length: 11, sequences: 1 })).not.toThrow();
    expect(() => inductionProbe(model, { seed: 1, length: 1 })).toThrow(EngineError);
    expect(() => inductionProbe(model, { seed: 1, length: 4, sequences: 0 })).toThrow(EngineError);
  });
});
