import { describe, expect, it } from 'vitest';
import { defaultConfig, defaultSettings } from '../../src/engine/train';
import type { SampleView, TinyModelConfig } from '../../src/engine/train/types';
import { parseCommand, parseEvent } from '../../src/playground/protocol';

const config = defaultConfig('reversal');
const settings = defaultSettings('reversal');
const T = config.seqLen;

/** A sample with uniform attention rows (each row sums to 1), layers × heads matrices of T × T. */
function sample(layers = config.layers, heads = config.heads, t = T): SampleView {
  const inputs = Array.from({ length: t }, (_, i) => i % 10);
  return {
    inputs,
    targets: [...inputs].reverse(),
    predictions: inputs.map(() => 0),
    attention: Array.from({ length: layers }, () => Array.from({ length: heads }, () => new Float32Array(t * t).fill(1 / t))),
  };
}

const heldOut = { step: 0, loss: 2.3, accuracy: 0.1, sequenceAccuracy: 0 };
const stepResult = { step: 1, loss: 2.3, accuracy: 0.12, gradNorm: 0.8, learningRate: 0.001 };
const ready = { type: 'ready', config, settings, step: 0, heldOut, sample: sample(), source: 'fresh' } as const;
const progress = { type: 'progress', steps: [stepResult, { ...stepResult, step: 2 }], heldOut: { ...heldOut, step: 2 }, sample: sample(), stepsPerSecond: 60, running: true } as const;

const JUNK: unknown[] = [null, undefined, 0, 'start', [], ['start'], {}, { type: 'x' }, { type: 42 }, { kind: 'start' }];

describe('parseCommand (page → worker)', () => {
  it('refuses anything that is not a command', () => {
    for (const junk of JUNK) expect(parseCommand(junk)).toBeNull();
  });

  it('accepts start, pause and step, keeping only the type', () => {
    for (const type of ['start', 'pause', 'step'] as const) {
      expect(parseCommand({ type })).toEqual({ type });
      expect(parseCommand({ type, extra: 'dropped' })).toEqual({ type });
    }
  });

  it('accepts an init with a valid config and settings, as a clean copy', () => {
    const parsed = parseCommand({ type: 'init', config: { ...config, extra: 1 }, settings });
    expect(parsed).toEqual({ type: 'init', config, settings });
  });

  it.each<[string, unknown, unknown]>([
    ['no config', undefined, settings],
    ['no settings', config, undefined],
    ['config not an object', 'reversal', settings],
    ['unknown task', { ...config, task: 'nope' }, settings],
    ['heads not dividing the width', { ...config, heads: 3 }, settings],
    ['fractional layers', { ...config, layers: 1.5 }, settings],
    ['width as a string', { ...config, width: '32' }, settings],
    ['zero layers', { ...config, layers: 0 }, settings],
    ['causal not a boolean', { ...config, causal: 'no' }, settings],
    ['learning rate NaN', config, { ...settings, learningRate: Number.NaN }],
    ['negative learning rate', config, { ...settings, learningRate: -1 }],
    ['seed above 2^32 − 1', config, { ...settings, seed: 2 ** 32 }],
    ['batch size 0', config, { ...settings, batchSize: 0 }],
  ])('refuses an init with %s', (_, badConfig, badSettings) => {
    expect(parseCommand({ type: 'init', config: badConfig, settings: badSettings })).toBeNull();
  });

  it('accepts a load with any text (the session checks it), with or without a task, and refuses one without text', () => {
    expect(parseCommand({ type: 'load', text: '{"anything": true}' })).toEqual({ type: 'load', text: '{"anything": true}' });
    expect(parseCommand({ type: 'load', text: '', task: 'sort', extra: 1 })).toEqual({ type: 'load', text: '', task: 'sort' });
    expect(parseCommand({ type: 'load' })).toBeNull();
    // A parsed object is no longer carried: the page sends text, so nothing deep is ever cloned.
    expect(parseCommand({ type: 'load', file: { anything: true } })).toBeNull();
    expect(parseCommand({ type: 'load', text: { nested: [] } })).toBeNull();
    expect(parseCommand({ type: 'load', text: '{}', task: 'shuffle' })).toBeNull();
  });
});

describe('parseEvent (worker → page)', () => {
  it('refuses anything that is not an event', () => {
    for (const junk of JUNK) expect(parseEvent(junk)).toBeNull();
  });

  it('accepts a valid ready event', () => {
    expect(parseEvent(ready)).toEqual(ready);
    expect(parseEvent({ ...ready, source: 'file', step: 75 })).toEqual({ ...ready, source: 'file', step: 75 });
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown source', { source: 'web' }],
    ['a negative step', { step: -1 }],
    ['a fractional step', { step: 1.5 }],
    ['a bad config', { config: { ...config, heads: 5 } }],
    ['held-out accuracy above 1', { heldOut: { ...heldOut, accuracy: 1.5 } }],
    ['a held-out loss of NaN', { heldOut: { ...heldOut, loss: Number.NaN } }],
    ['attention for 2 layers in a 1-layer model', { sample: sample(2, 1) }],
    ['attention for 2 heads in a 1-head model', { sample: sample(1, 2) }],
    ['attention as plain arrays', { sample: { ...sample(), attention: [[Array.from(new Float32Array(T * T))]] } }],
    ['attention matrices of the wrong size', { sample: { ...sample(), attention: [[new Float32Array(T * T - 1)]] } }],
    ['a NaN in the attention', { sample: { ...sample(), attention: [[new Float32Array(T * T).fill(Number.NaN)]] } }],
    ['targets shorter than the inputs', { sample: { ...sample(), targets: [1, 2] } }],
    ['an empty input', { sample: { ...sample(), inputs: [], targets: [], predictions: [] } }],
  ])('refuses a ready event with %s', (_, change) => {
    expect(parseEvent({ ...ready, ...change })).toBeNull();
  });

  it('accepts a progress event with or without held-out results and a sample', () => {
    expect(parseEvent(progress)).toEqual(progress);
    const bare = { type: 'progress', steps: [], stepsPerSecond: 0, running: false };
    expect(parseEvent(bare)).toEqual(bare);
  });

  it('a progress sample of any model shape is accepted (the page checks it against the model it shows)', () => {
    const otherModel: TinyModelConfig = { ...config, layers: 2, heads: 4 };
    expect(parseEvent({ ...progress, sample: sample(otherModel.layers, otherModel.heads) })).not.toBeNull();
  });

  it.each<[string, Record<string, unknown>]>([
    ['steps not an array', { steps: stepResult }],
    ['a step with a NaN loss', { steps: [{ ...stepResult, loss: Number.NaN }] }],
    ['a step with an infinite gradient norm', { steps: [{ ...stepResult, gradNorm: Infinity }] }],
    ['a step with accuracy −0.1', { steps: [{ ...stepResult, accuracy: -0.1 }] }],
    ['a step without a learning rate', { steps: [{ ...stepResult, learningRate: undefined }] }],
    ['negative steps per second', { stepsPerSecond: -1 }],
    ['running as a string', { running: 'yes' }],
    ['a malformed held-out result', { heldOut: { step: 1 } }],
    ['a malformed sample', { sample: { inputs: [1] } }],
  ])('refuses a progress event with %s', (_, change) => {
    expect(parseEvent({ ...progress, ...change })).toBeNull();
  });

  it('drops the fields an event does not have', () => {
    expect(parseEvent({ type: 'paused', step: 3, extra: 'x' })).toEqual({ type: 'paused', step: 3 });
    const parsed = parseEvent({ ...progress, steps: [{ ...stepResult, extra: 1 }] });
    expect(parsed).toEqual({ ...progress, steps: [stepResult] });
  });

  it('accepts paused and error events, refuses malformed ones', () => {
    expect(parseEvent({ type: 'paused', step: 0 })).toEqual({ type: 'paused', step: 0 });
    expect(parseEvent({ type: 'paused', step: -2 })).toBeNull();
    expect(parseEvent({ type: 'paused' })).toBeNull();
    for (const code of ['bad-command', 'engine', 'no-model'] as const) {
      expect(parseEvent({ type: 'error', code, message: 'Why.' })).toEqual({ type: 'error', code, message: 'Why.' });
    }
    expect(parseEvent({ type: 'error', code: 'fetch', message: 'Why.' })).toBeNull();
    expect(parseEvent({ type: 'error', code: 'engine', message: 3 })).toBeNull();
  });

  it('keeps the problem of a refused load as a clean copy; drops a malformed one but never the answer itself', () => {
    const problem = { reason: 'too-deep', params: { limit: 16 } };
    const refused = { type: 'error', code: 'engine', message: 'Why.', replyTo: 'load' } as const;
    expect(parseEvent({ ...refused, problem: { ...problem, extra: 1 } })).toEqual({ ...refused, problem });
    expect(parseEvent({ ...refused, problem: { reason: 'too-deep', params: { limit: '16' } } })).toEqual(refused);
    expect(parseEvent({ ...refused, problem: { reason: 'format', params: { value: 'x'.repeat(100_000), expected: '' } } })).toEqual(refused);
    // Only a load's answer has one.
    expect(parseEvent({ ...refused, replyTo: 'init', problem })).toEqual({ ...refused, replyTo: 'init' });
    expect(parseEvent({ type: 'error', code: 'engine', message: 'Why.', problem })).toEqual({ type: 'error', code: 'engine', message: 'Why.' });
  });
});
