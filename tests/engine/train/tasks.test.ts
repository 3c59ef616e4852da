// @vitest-environment node
import { EngineError, mulberry32 } from '../../../src/engine';
import { makeBatch, TASK_DEFAULTS } from '../../../src/engine/train/tasks';
import { IGNORE_TARGET, TASK_NAMES, type TaskBatch } from '../../../src/engine/train/types';

function sequence(values: Int32Array, b: number, seqLen: number): number[] {
  return Array.from(values.subarray(b * seqLen, (b + 1) * seqLen));
}

/** The induction rule re-derived the slow way: scan back from t − 1 for the latest earlier copy of token t. */
function bruteForceInduction(tokens: readonly number[]): number[] {
  return tokens.map((token, t) => {
    for (let s = t - 1; s >= 0; s--) if (tokens[s] === token) return tokens[s + 1];
    return IGNORE_TARGET;
  });
}

function everyInputInVocab(batch: TaskBatch, vocab: number): boolean {
  return batch.inputs.every((x) => Number.isInteger(x) && x >= 0 && x < vocab);
}

describe('makeBatch', () => {
  it('reversal targets are the input read backwards', () => {
    const batch = makeBatch('reversal', 20, 16, 10, mulberry32(1));
    expect(batch.inputs.length).toBe(320);
    expect(everyInputInVocab(batch, 10)).toBe(true);
    for (let b = 0; b < 20; b++) expect(sequence(batch.targets, b, 16)).toEqual(sequence(batch.inputs, b, 16).reverse());
  });

  it('copy targets equal the input', () => {
    const batch = makeBatch('copy', 10, 7, 5, mulberry32(2));
    expect(Array.from(batch.targets)).toEqual(Array.from(batch.inputs));
  });

  it('sort targets are the input sorted ascending (same tokens, in order)', () => {
    const batch = makeBatch('sort', 30, 16, 12, mulberry32(3));
    for (let b = 0; b < 30; b++) {
      const target = sequence(batch.targets, b, 16);
      const counts = (xs: number[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<number, number>());
      expect(counts(target)).toEqual(counts(sequence(batch.inputs, b, 16)));
      for (let t = 1; t < 16; t++) expect(target[t]).toBeGreaterThanOrEqual(target[t - 1]);
    }
  });

  it('induction targets match a brute-force re-derivation; every sequence scores at least one position', () => {
    // Defaults (T > V, repeats guaranteed) and a long-vocabulary case where a sequence may have no repeat at all.
    for (const [seqLen, vocab] of [[16, 10], [6, 50], [2, 1000]]) {
      const batch = makeBatch('induction', 200, seqLen, vocab, mulberry32(seqLen * 7 + vocab));
      expect(everyInputInVocab(batch, vocab)).toBe(true);
      for (let b = 0; b < 200; b++) {
        const tokens = sequence(batch.inputs, b, seqLen);
        const targets = sequence(batch.targets, b, seqLen);
        expect(targets).toEqual(bruteForceInduction(tokens));
        expect(targets.some((x) => x !== IGNORE_TARGET)).toBe(true);
      }
    }
  });

  it('the default induction task scores several positions per sequence', () => {
    const { vocab, seqLen } = TASK_DEFAULTS.induction;
    const batch = makeBatch('induction', 500, seqLen, vocab, mulberry32(9));
    const scored = batch.targets.reduce((n, x) => n + (x === IGNORE_TARGET ? 0 : 1), 0) / 500;
    for (let b = 0; b < 500; b++) {
      expect(sequence(batch.targets, b, seqLen).filter((x) => x !== IGNORE_TARGET).length).toBeGreaterThanOrEqual(seqLen - vocab);
    }
    // Σ_{t<16} 1 − 0.9^t ≈ 7.85 for uniform tokens.
    expect(scored).toBeGreaterThan(7.3);
    expect(scored).toBeLessThan(8.4);
  });

  it('the same seed gives the same batch, another seed a different one', () => {
    for (const task of TASK_NAMES) {
      const a = makeBatch(task, 8, 16, 10, mulberry32(42));
      const b = makeBatch(task, 8, 16, 10, mulberry32(42));
      const c = makeBatch(task, 8, 16, 10, mulberry32(43));
      expect(Array.from(a.inputs)).toEqual(Array.from(b.inputs));
      expect(Array.from(a.targets)).toEqual(Array.from(b.targets));
      expect(Array.from(a.inputs)).not.toEqual(Array.from(c.inputs));
    }
  });

  it('refuses arguments that make no batch', () => {
    const random = mulberry32(0);
    const cases: [string, () => unknown][] = [
      ['unknown task', () => makeBatch('shuffle' as 'copy', 4, 4, 4, random)],
      ['zero batch', () => makeBatch('copy', 0, 4, 4, random)],
      ['fractional length', () => makeBatch('copy', 4, 2.5, 4, random)],
      ['vocab 1', () => makeBatch('sort', 4, 4, 1, random)],
      ['induction of one token', () => makeBatch('induction', 4, 1, 4, random)],
      ['NaN', () => makeBatch('reversal', Number.NaN, 4, 4, random)],
    ];
    for (const [label, call] of cases) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(error, label).toBeInstanceOf(EngineError);
      expect((error as EngineError).code, label).toBe('invalid-argument');
    }
    expect(() => makeBatch('shuffle' as 'copy', 4, 4, 4, random)).toThrow(/reversal, copy, sort, induction/);
  });

  it('every task has a default model whose heads divide its width', () => {
    for (const task of TASK_NAMES) {
      const d = TASK_DEFAULTS[task];
      expect(d.width % d.heads).toBe(0);
      expect(d.causal).toBe(task === 'induction');
    }
    expect(TASK_DEFAULTS.reversal).toMatchObject({ vocab: 10, seqLen: 16, layers: 1, heads: 1, width: 32, ffnWidth: 64 });
  });
});
