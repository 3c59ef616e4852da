import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig, trainerFromWeights } from '../../../src/engine/train/index';
import { TASK_NAMES, type SampleView, type TaskName, type Trainer } from '../../../src/engine/train/types';

// The files `npm run train -- <task>` wrote and the playground's "Load trained model" fetches.
const modelsDir = path.resolve(__dirname, '../../../public/models');
const load = (task: TaskName): Trainer => trainerFromWeights(JSON.parse(readFileSync(path.join(modelsDir, `${task}.json`), 'utf8')));

/** For each query row of attention[layer][head], the key it attends to most. */
function strongestKeys(view: SampleView, layer: number, head: number): number[] {
  const t = view.inputs.length;
  const a = view.attention[layer][head];
  return Array.from({ length: t }, (_, q) => {
    let best = 0;
    for (let k = 1; k < t; k++) if (a[q * t + k] > a[q * t + best]) best = k;
    return best;
  });
}

describe('the shipped pretrained models (public/models)', () => {
  it.each(TASK_NAMES)('%s: the task default model, ≥ 99 % held-out, as the file records', (task) => {
    const trainer = load(task);
    expect(trainer.config).toEqual(defaultConfig(task));
    const { accuracy } = trainer.evaluate();
    expect(accuracy).toBeGreaterThanOrEqual(0.99);
    const recorded = (JSON.parse(readFileSync(path.join(modelsDir, `${task}.json`), 'utf8')) as { heldOutAccuracy: number }).heldOutAccuracy;
    expect(Math.abs(accuracy - recorded)).toBeLessThan(1e-6);
  });

  it('reversal: the one head attends along the anti-diagonal (query i looks at key T − 1 − i)', () => {
    const view = load('reversal').sample();
    const t = view.inputs.length;
    expect(strongestKeys(view, 0, 0)).toEqual(Array.from({ length: t }, (_, q) => t - 1 - q));
    expect(view.predictions).toEqual([...view.inputs].reverse());
  });

  it('induction: layer 1 is a previous-token head, layer 2 looks just after the last earlier occurrence', () => {
    const view = load('induction').sample();
    const tokens = view.inputs;
    const previousToken = strongestKeys(view, 0, 0);
    for (let q = 1; q < tokens.length; q++) expect(previousToken[q]).toBe(q - 1);
    const induction = strongestKeys(view, 1, 0);
    let repeats = 0;
    let hits = 0;
    for (let q = 0; q < tokens.length; q++) {
      const last = tokens.lastIndexOf(tokens[q], q - 1);
      if (q === 0 || last < 0) continue;
      repeats += 1;
      if (induction[q] === last + 1) hits += 1;
    }
    expect(repeats).toBeGreaterThan(0);
    expect(hits / repeats).toBeGreaterThanOrEqual(0.8);
  });
});

describe('switching heads off in the trained models (ablation)', () => {
  it('reversal needs its only head: switched off, held-out accuracy falls to about chance; back on, it is restored', () => {
    const trainer = load('reversal');
    const before = trainer.evaluate().accuracy;
    trainer.setHeadsOff([[true]]);
    expect(trainer.headsOff).toEqual([[true]]);
    const off = trainer.evaluate().accuracy;
    expect(off).toBeLessThan(0.25);
    trainer.setHeadsOff(null);
    expect(trainer.evaluate().accuracy).toBe(before);
  });

  it('induction needs both heads of its circuit: either one off and the accuracy collapses', () => {
    const trainer = load('induction');
    expect(trainer.evaluate().accuracy).toBeGreaterThanOrEqual(0.99);
    for (const off of [[[true], [false]], [[false], [true]]]) {
      trainer.setHeadsOff(off);
      expect(trainer.evaluate().accuracy).toBeLessThan(0.5);
    }
    expect(() => trainer.setHeadsOff([[true]])).toThrow(/2 × 1 true\/false values/);
  });
});
