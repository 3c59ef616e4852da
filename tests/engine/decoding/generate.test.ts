// @vitest-environment node
// Generation with a small random language model: greedy takes the argmax every step, a seeded draw is repeatable,
// temperature 0 (and its limit) is greedy, temperature 1 draws from the model's own softmax, and it stops at the
// context length or at the end-of-text token.
import { argmax, generate, sampleIndex, type Generation } from '../../../src/engine/decoding';
import { EngineError, mulberry32, nextTokenDistribution } from '../../../src/engine';
import { matrixRow as matrixRowOf } from '../../../src/engine/lm/lazyLogits';
import { endingLm, SMALL_LM_SHAPE, smallLm, smallTokenizer } from './smallLm';

const PROMPT = 'The cat sat on';
const model = smallLm();

const allIds = (g: Generation): number[] => [...g.promptIds, ...g.steps.map((s) => s.id)];

describe('generate, greedy', () => {
  const g = generate(model, PROMPT, { steps: 8, strategy: 'greedy' });

  it('starts from the start token and the prompt, and generates the steps asked for', () => {
    expect(g.promptIds).toEqual([smallTokenizer.endOfText, ...smallTokenizer.encode(PROMPT)]);
    expect(g.labels.slice(0, g.promptIds.length).join('')).toBe(`⟨start⟩${PROMPT}`);
    expect(g.labels).toHaveLength(g.promptIds.length + g.steps.length);
    expect(g.stopReason).toBe('steps');
    expect(g.steps).toHaveLength(8);
  });

  it('picks the most probable token of the sequence so far at every step', () => {
    const ids = allIds(g);
    g.steps.forEach((step, s) => {
      const position = g.promptIds.length + s - 1;
      expect(step.position).toBe(position);
      const run = model.runIds(ids.slice(0, position + 1));
      const row = matrixRowOf(run.logits, position);
      expect(step.id).toBe(argmax(row));
      expect(step.probability).toBeCloseTo(nextTokenDistribution(run.logits, position).top(1)[0].probability, 12);
      expect(step.label).toBe(model.tokenLabel(step.id));
      expect(step.sampledProbability).toBeNull();
    });
  });

  it('gives probabilities in (0, 1] and the generated text', () => {
    for (const step of g.steps) {
      expect(step.probability).toBeGreaterThan(0);
      expect(step.probability).toBeLessThanOrEqual(1);
    }
    expect(g.text).toBe(smallTokenizer.decode(g.steps.map((s) => s.id)));
  });

  it('reports each step’s attention rows: the newest position over every position so far, per layer and head', () => {
    const ids = allIds(g);
    g.steps.forEach((step) => {
      const run = model.runIds(ids.slice(0, step.position + 1));
      expect(step.attention).toHaveLength(SMALL_LM_SHAPE.numLayers);
      step.attention.forEach((heads, l) => {
        expect(heads).toHaveLength(SMALL_LM_SHAPE.numHeads);
        heads.forEach((row, h) => {
          expect(row).toHaveLength(step.position + 1);
          expect(row.reduce((a, w) => a + w, 0)).toBeCloseTo(1, 5);
          const weights = run.layers[l].attention.heads[h].weights;
          expect(Array.from(row)).toEqual(Array.from(weights.data.subarray(step.position * weights.cols, step.position * weights.cols + step.position + 1)));
        });
      });
    });
  });
});

describe('generate, sampling at a temperature', () => {
  it('gives the same text for the same seed', () => {
    const a = generate(model, PROMPT, { steps: 10, strategy: { temperature: 1, seed: 42 } });
    const b = generate(model, PROMPT, { steps: 10, strategy: { temperature: 1, seed: 42 } });
    expect(b.steps.map((s) => s.id)).toEqual(a.steps.map((s) => s.id));
    expect(b.text).toBe(a.text);
  });

  it('can give another text for another seed', () => {
    const texts = new Set(Array.from({ length: 8 }, (_, seed) => generate(model, PROMPT, { steps: 10, strategy: { temperature: 1.5, seed } }).steps.map((s) => s.id).join(',')));
    expect(texts.size).toBeGreaterThan(1);
  });

  it('equals greedy at temperature 0 and as the temperature goes to 0', () => {
    const greedy = generate(model, PROMPT, { steps: 8, strategy: 'greedy' }).steps.map((s) => s.id);
    for (const seed of [1, 2, 3]) {
      expect(generate(model, PROMPT, { steps: 8, strategy: { temperature: 0, seed } }).steps.map((s) => s.id)).toEqual(greedy);
      expect(generate(model, PROMPT, { steps: 8, strategy: { temperature: 1e-4, seed } }).steps.map((s) => s.id)).toEqual(greedy);
    }
  });

  it('at temperature 1 draws from the model’s own softmax', () => {
    const g = generate(model, PROMPT, { steps: 6, strategy: { temperature: 1, seed: 7 } });
    for (const step of g.steps) {
      expect(step.sampledProbability).not.toBeNull();
      expect(step.sampledProbability ?? 0).toBeCloseTo(step.probability, 6);
    }
    const run = model.run({ text: PROMPT });
    const last = run.tokenIds.length - 1;
    const softmax = nextTokenDistribution(run.logits, last);
    const atOne = softmax.atTemperature(1);
    for (let id = 0; id < atOne.length; id++) expect(Math.abs(atOne[id] - softmax.probability(id))).toBeLessThan(1e-6);
  });

  it('sharpens below 1 and flattens above 1', () => {
    const run = model.run({ text: PROMPT });
    const row = matrixRowOf(run.logits, run.tokenIds.length - 1);
    const top = argmax(row);
    const distribution = nextTokenDistribution(run.logits, run.tokenIds.length - 1);
    const cold = distribution.atTemperature(0.5);
    const warm = distribution.atTemperature(1);
    const hot = distribution.atTemperature(2);
    expect(cold[top]).toBeGreaterThan(warm[top]);
    expect(warm[top]).toBeGreaterThan(hot[top]);
    for (const p of [cold, warm, hot]) expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(() => distribution.atTemperature(0)).toThrow(EngineError);
  });

  it('refuses a negative temperature or a fractional number of steps', () => {
    expect(() => generate(model, PROMPT, { steps: 3, strategy: { temperature: -1, seed: 1 } })).toThrow(EngineError);
    expect(() => generate(model, PROMPT, { steps: 2.5, strategy: 'greedy' })).toThrow(EngineError);
  });
});

describe('sampleIndex', () => {
  it('draws each index about as often as its probability (20,000 seeded draws)', () => {
    const p = [0.5, 0.3, 0, 0.15, 0.05];
    const counts = [0, 0, 0, 0, 0];
    const random = mulberry32(11);
    const n = 20_000;
    for (let i = 0; i < n; i++) counts[sampleIndex(p, random())]++;
    expect(counts[2]).toBe(0);
    counts.forEach((c, i) => expect(Math.abs(c / n - p[i])).toBeLessThan(0.015));
  });

  it('never picks an index of probability 0, even when rounding leaves u past the sum', () => {
    expect(sampleIndex([0.25, 0.25, 0.25, 0.2499999, 0], 0.9999999999)).toBe(3);
    expect(sampleIndex([0, 1], 0)).toBe(1);
  });
});

describe('generate, stopping', () => {
  it('stops when the sequence fills the model’s context', () => {
    const g = generate(model, PROMPT, { steps: 100, strategy: { temperature: 1, seed: 3 } });
    // This seed never draws the end-of-text token: the sequence runs to the last position the model can read.
    expect(g.stopReason).toBe('context');
    expect(g.promptIds.length + g.steps.length).toBe(SMALL_LM_SHAPE.nPositions);
    expect(g.contextLength).toBe(SMALL_LM_SHAPE.nPositions);
    expect(g.steps.every((s) => s.id !== smallTokenizer.endOfText)).toBe(true);
  });

  it('generates nothing after a prompt longer than the context', () => {
    const long = 'The cat sat on the mat. '.repeat(10);
    const g = generate(model, long, { steps: 5, strategy: 'greedy' });
    expect(g.stopReason).toBe('context');
    expect(g.steps).toEqual([]);
  });

  it('stops after the end-of-text token', () => {
    const g = generate(endingLm(), PROMPT, { steps: 5, strategy: 'greedy' });
    expect(g.steps).toHaveLength(1);
    expect(g.steps[0].id).toBe(smallTokenizer.endOfText);
    expect(g.stopReason).toBe('end-of-text');
    expect(g.text).toBe('');
  });

  it('throws the empty-text error for a blank prompt', () => {
    expect(() => generate(model, '   ', { steps: 3, strategy: 'greedy' })).toThrow(expect.objectContaining({ code: 'empty-input' }));
  });
});
