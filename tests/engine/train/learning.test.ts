import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../src/engine/errors';
import { createTrainer, defaultConfig, defaultSettings, trainerFromWeights, validateConfig } from '../../../src/engine/train/index';
import { TASK_NAMES, type TinyModelConfig } from '../../../src/engine/train/types';

describe('the trainer learns', () => {
  it('reversal: held-out accuracy far above chance (10 %) after 150 steps, and the loss falls', () => {
    const trainer = createTrainer(defaultConfig('reversal'), { ...defaultSettings('reversal'), batchSize: 64, seed: 7 });
    const before = trainer.evaluate();
    const losses: number[] = [];
    for (let i = 0; i < 150; i++) losses.push(trainer.step().loss);
    const after = trainer.evaluate();
    expect(trainer.stepCount).toBe(150);
    expect(before.accuracy).toBeLessThan(0.25);
    expect(after.accuracy).toBeGreaterThan(0.6);
    expect(after.loss).toBeLessThan(before.loss / 2);
    const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(losses.slice(-10))).toBeLessThan(mean(losses.slice(0, 10)) / 2);
  });

  it.each(TASK_NAMES.filter((t) => t !== 'reversal'))('%s takes a few steps without NaN', (task) => {
    const trainer = createTrainer(defaultConfig(task), { ...defaultSettings(task), batchSize: 16 });
    for (let i = 0; i < 5; i++) {
      const r = trainer.step();
      expect(Number.isFinite(r.loss) && Number.isFinite(r.gradNorm) && r.loss > 0).toBe(true);
    }
    const e = trainer.evaluate();
    expect(Number.isFinite(e.loss)).toBe(true);
    const view = trainer.sample();
    for (const head of view.attention.flat()) for (let i = 0; i < head.length; i++) expect(Number.isFinite(head[i])).toBe(true);
  });
});

describe('validateConfig', () => {
  const base = defaultConfig('reversal');
  it.each([
    ['heads that do not divide the width', { ...base, heads: 3 }, /3 heads do not divide the width 32/],
    ['0 layers', { ...base, layers: 0 }, /number of layers must be between 1/],
    ['a non-integer width', { ...base, width: 31.5 }, /width must be a whole number/],
    ['a non-integer vocabulary', { ...base, vocab: 2.5 }, /vocabulary size must be a whole number/],
  ] as const)('rejects %s with a clear message', (_label, config: TinyModelConfig, message) => {
    expect(() => validateConfig(config)).toThrow(EngineError);
    expect(() => validateConfig(config)).toThrow(message);
    expect(() => createTrainer(config, defaultSettings('reversal'))).toThrow(message);
  });

  it('accepts every default config', () => {
    for (const task of TASK_NAMES) expect(() => validateConfig(defaultConfig(task))).not.toThrow();
  });
});

describe('weights round trip', () => {
  it('trainerFromWeights(exportWeights()) reproduces the same predictions and attention', () => {
    const trainer = createTrainer(defaultConfig('sort'), { ...defaultSettings('sort'), batchSize: 16 });
    for (let i = 0; i < 10; i++) trainer.step();
    const restored = trainerFromWeights(JSON.parse(JSON.stringify(trainer.exportWeights())));
    expect(restored.stepCount).toBe(10);
    const inputs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];
    const a = trainer.sample(inputs);
    const b = restored.sample(inputs);
    expect(b.predictions).toEqual(a.predictions);
    // Exported weights are float32: the attention agrees to float32 rounding.
    a.attention.forEach((layer, l) => layer.forEach((head, h) => head.forEach((w, i) => expect(Math.abs(w - b.attention[l][h][i])).toBeLessThan(1e-5))));
    expect(restored.evaluate().accuracy).toBeCloseTo(trainer.evaluate().accuracy, 2);
  });

  it('trainerFromWeights refuses a malformed file with an EngineError', () => {
    expect(() => trainerFromWeights({ format: 'something else' })).toThrow(EngineError);
  });
});
