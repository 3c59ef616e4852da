import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig, defaultSettings } from '../../src/engine/train';
import type { SampleView, TinyModelConfig, TrainSettings } from '../../src/engine/train/types';
import { createManualScheduler } from '../../src/playground/scheduler';
import { createTrainingSession, type SessionOptions } from '../../src/playground/trainingSession';
import type { PlaygroundEvent } from '../../src/playground/types';

/** The shipped reversal model's text (a 'load' carries the file's text; the session parses and checks it). */
const reversalText = (): string => readFileSync(path.resolve(__dirname, '../../public/models/reversal.json'), 'utf8');

const config = defaultConfig('reversal');
const settings = defaultSettings('reversal');
/** The engine's sentence for a run whose loss stopped being a finite number. */
const DIVERGED = /diverged: the loss is no longer a finite number\. The learning rate is probably too large/;

type EventOf<K extends PlaygroundEvent['type']> = Extract<PlaygroundEvent, { type: K }>;

/**
 * A session on a manual scheduler and a fake clock that advances 1 ms per reading, so a chunk is cut by
 * maxStepsPerChunk (2 steps), never by wall time. Held-out evaluations while running are off unless asked for.
 */
function setup(options: SessionOptions = {}) {
  const scheduler = createManualScheduler();
  let time = 0;
  const events: PlaygroundEvent[] = [];
  const session = createTrainingSession((event) => events.push(event), {
    scheduler,
    now: () => (time += 1),
    maxStepsPerChunk: 2,
    evaluateEveryMs: 1e12,
    ...options,
  });
  /** The events posted since the last take. */
  const take = (): PlaygroundEvent[] => events.splice(0);
  const only = <K extends PlaygroundEvent['type']>(type: K): EventOf<K> => {
    const posted = take();
    expect(posted.map((e) => e.type)).toEqual([type]);
    return posted[0] as EventOf<K>;
  };
  const init = (c: TinyModelConfig = config, s: TrainSettings = settings): EventOf<'ready'> => {
    session.handle({ type: 'init', config: c, settings: s });
    return only('ready');
  };
  return { scheduler, session, events, take, only, init };
}

function expectAttentionShape(sample: SampleView, layers: number, heads: number, t: number): void {
  expect(sample.inputs).toHaveLength(t);
  expect(sample.targets).toHaveLength(t);
  expect(sample.predictions).toHaveLength(t);
  expect(sample.attention).toHaveLength(layers);
  for (const layer of sample.attention) {
    expect(layer).toHaveLength(heads);
    for (const head of layer) {
      expect(head).toBeInstanceOf(Float32Array);
      expect(head).toHaveLength(t * t);
      for (let q = 0; q < t; q++) {
        let sum = 0;
        for (let k = 0; k < t; k++) {
          const w = head[q * t + k];
          expect(w).toBeGreaterThanOrEqual(0);
          sum += w;
        }
        expect(Math.abs(sum - 1)).toBeLessThan(1e-5);
      }
    }
  }
}

describe('training session: init and step', () => {
  it('init answers ready: step 0, a held-out evaluation and a sample whose attention rows sum to 1', () => {
    const { init, scheduler } = setup();
    const wide: TinyModelConfig = { ...config, layers: 2, heads: 4 };
    const ready = init(wide);
    expect(ready).toMatchObject({ type: 'ready', step: 0, source: 'fresh', config: wide, settings });
    expect(ready.heldOut.step).toBe(0);
    expect(ready.heldOut.accuracy).toBeGreaterThanOrEqual(0);
    expect(ready.heldOut.accuracy).toBeLessThanOrEqual(1);
    expect(Number.isFinite(ready.heldOut.loss)).toBe(true);
    expectAttentionShape(ready.sample, 2, 4, config.seqLen);
    // reversal: the target is the input backwards.
    expect(ready.sample.targets).toEqual([...ready.sample.inputs].reverse());
    expect(scheduler.pending).toBe(0);
  });

  it('a causal model (induction) puts no attention on later keys', () => {
    const { init } = setup();
    const induction = defaultConfig('induction');
    const { sample } = init(induction, defaultSettings('induction'));
    const t = induction.seqLen;
    expectAttentionShape(sample, induction.layers, induction.heads, t);
    for (const layer of sample.attention) for (const head of layer) for (let q = 0; q < t; q++) for (let k = q + 1; k < t; k++) expect(head[q * t + k]).toBe(0);
  });

  it('step trains once and posts one progress with step 1, a fresh evaluation and sample, not running', () => {
    const { init, session, only, scheduler } = setup();
    init();
    session.handle({ type: 'step' });
    const progress = only('progress');
    expect(progress.steps.map((s) => s.step)).toEqual([1]);
    expect(progress.running).toBe(false);
    expect(progress.heldOut?.step).toBe(1);
    expect(progress.sample).toBeDefined();
    expectAttentionShape(progress.sample as SampleView, 1, 1, config.seqLen);
    const [result] = progress.steps;
    expect(result.loss).toBeGreaterThan(0);
    expect(Number.isFinite(result.loss)).toBe(true);
    expect(result.accuracy).toBeGreaterThanOrEqual(0);
    expect(result.accuracy).toBeLessThanOrEqual(1);
    expect(scheduler.pending).toBe(0);
    session.handle({ type: 'step' });
    expect(only('progress').steps.map((s) => s.step)).toEqual([2]);
  });

  it('the same config and settings give the same first steps (seeded)', () => {
    const a = setup();
    const b = setup();
    a.init();
    b.init();
    a.session.handle({ type: 'step' });
    b.session.handle({ type: 'step' });
    expect(a.only('progress').steps).toEqual(b.only('progress').steps);
  });
});

describe('training session: start and pause', () => {
  it('start posts nothing by itself; each scheduled chunk posts progress with the next steps', () => {
    const { init, session, take, scheduler } = setup();
    init();
    session.handle({ type: 'start' });
    expect(take()).toEqual([]);
    expect(scheduler.pending).toBe(1);
    const seen: number[] = [];
    for (let chunk = 0; chunk < 3; chunk++) {
      expect(scheduler.runNext()).toBe(true);
      const posted = take();
      expect(posted.map((e) => e.type)).toEqual(['progress']);
      const progress = posted[0] as EventOf<'progress'>;
      expect(progress.running).toBe(true);
      expect(progress.steps.length).toBeGreaterThan(0);
      expect(progress.steps.length).toBeLessThanOrEqual(2);
      // The fake clock says every step took 1 ms.
      expect(progress.stepsPerSecond).toBe(1000);
      seen.push(...progress.steps.map((s) => s.step));
      // The next chunk is queued, and only one.
      expect(scheduler.pending).toBe(1);
    }
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
  });

  it('a second start while running does not start a second loop', () => {
    const { init, session, scheduler } = setup();
    init();
    session.handle({ type: 'start' });
    session.handle({ type: 'start' });
    expect(scheduler.pending).toBe(1);
  });

  it('pause posts a fresh evaluation at the current step, then paused, and no further chunk runs', () => {
    const { init, session, take, only, scheduler } = setup();
    init();
    session.handle({ type: 'start' });
    scheduler.runNext();
    scheduler.runNext();
    const trained = take().flatMap((e) => (e.type === 'progress' ? e.steps.map((s) => s.step) : []));
    const last = trained[trained.length - 1];
    expect(last).toBeGreaterThan(0);

    session.handle({ type: 'pause' });
    const posted = take();
    expect(posted.map((e) => e.type)).toEqual(['progress', 'paused']);
    const [evaluation, paused] = posted as [EventOf<'progress'>, EventOf<'paused'>];
    expect(evaluation.steps).toEqual([]);
    expect(evaluation.running).toBe(false);
    expect(evaluation.heldOut?.step).toBe(last);
    expect(evaluation.sample).toBeDefined();
    expect(paused.step).toBe(last);

    expect(scheduler.pending).toBe(0);
    expect(scheduler.runAll()).toBe(0);
    expect(take()).toEqual([]);

    // Pausing again: nothing new to evaluate, just the step.
    session.handle({ type: 'pause' });
    expect(only('paused').step).toBe(last);
    // And it starts again where it stopped.
    session.handle({ type: 'start' });
    scheduler.runNext();
    expect(only('progress').steps[0].step).toBe(last + 1);
  });

  it('with evaluateEveryMs 0, every chunk carries an evaluation at its last step (heatmap = step counter)', () => {
    const { init, session, take, scheduler } = setup({ evaluateEveryMs: 0 });
    init();
    session.handle({ type: 'start' });
    for (let chunk = 0; chunk < 2; chunk++) {
      scheduler.runNext();
      const [progress] = take() as EventOf<'progress'>[];
      expect(progress.heldOut?.step).toBe(progress.steps[progress.steps.length - 1].step);
      expect(progress.sample).toBeDefined();
    }
  });

  it('without maxStepsPerChunk cutting it, a chunk ends when its time budget is used up', () => {
    const scheduler = createManualScheduler();
    let time = 0;
    const events: PlaygroundEvent[] = [];
    // 10 ms per clock reading: an 80 ms chunk fits only a few steps, far below maxStepsPerChunk.
    const session = createTrainingSession((e) => events.push(e), { scheduler, now: () => (time += 10), chunkMs: 80, maxStepsPerChunk: 500, evaluateEveryMs: 1e12 });
    session.handle({ type: 'init', config, settings });
    session.handle({ type: 'start' });
    scheduler.runNext();
    const progress = events.find((e): e is EventOf<'progress'> => e.type === 'progress');
    expect(progress?.steps.length).toBeGreaterThanOrEqual(1);
    expect(progress?.steps.length).toBeLessThan(8);
  });

  it('init while running stops the old loop and starts over at step 0', () => {
    const { init, session, take, scheduler } = setup();
    init();
    session.handle({ type: 'start' });
    scheduler.runNext();
    take();
    expect(init().step).toBe(0);
    expect(scheduler.pending).toBe(0);
    session.handle({ type: 'step' });
    expect((take()[0] as EventOf<'progress'>).steps[0].step).toBe(1);
  });
});

describe('training session: errors', () => {
  it('start, pause and step before init answer no-model', () => {
    const { session, take, scheduler } = setup();
    for (const type of ['start', 'pause', 'step'] as const) {
      session.handle({ type });
      const posted = take();
      expect(posted).toHaveLength(1);
      expect(posted[0]).toMatchObject({ type: 'error', code: 'no-model' });
    }
    expect(scheduler.pending).toBe(0);
  });

  it('a message that is not a command answers bad-command, and the session keeps working', () => {
    const { session, init, take, only } = setup();
    init();
    for (const junk of [null, 'start', { type: 'x' }, { type: 'init', config: { ...config, heads: 3 }, settings }, { type: 'init', config }]) {
      session.handle(junk);
      const posted = take();
      expect(posted).toHaveLength(1);
      expect(posted[0]).toMatchObject({ type: 'error', code: 'bad-command' });
      expect((posted[0] as EventOf<'error'>).message.length).toBeGreaterThan(0);
    }
    session.handle({ type: 'step' });
    expect(only('progress').steps[0].step).toBe(1);
  });

  it('an init the engine refuses answers engine and leaves no model', () => {
    const { session, take } = setup();
    // Passes the protocol's shape check (every size within its limit), but would need gigabytes to train.
    session.handle({ type: 'init', config: { ...defaultConfig('induction'), seqLen: 1024, vocab: 4096 }, settings: defaultSettings('induction') });
    const [error] = take();
    expect(error).toMatchObject({ type: 'error', code: 'engine' });
    expect(error.type === 'error' && error.message).toMatch(/^Training this model would need about \d+ MB of memory, more than the 512 MB/);
    session.handle({ type: 'step' });
    expect(take()[0]).toMatchObject({ type: 'error', code: 'no-model' });
  });

  it('a huge learning rate diverges while running: the last progress says not running, then the divergence sentence, and the loop stops', () => {
    const { init, session, take, scheduler } = setup();
    init(config, { ...settings, learningRate: 1e38, warmupSteps: 0 });
    session.handle({ type: 'start' });
    const ran = scheduler.runAll(20);
    expect(ran).toBeLessThan(20);
    const posted = take();
    const error = posted[posted.length - 1];
    expect(error).toMatchObject({ type: 'error', code: 'engine' });
    expect((error as EventOf<'error'>).message).toMatch(DIVERGED);
    const beforeError = posted[posted.length - 2] as EventOf<'progress'>;
    expect(beforeError.type).toBe('progress');
    expect(beforeError.running).toBe(false);
    // Only finite steps ever reach the chart.
    for (const event of posted) if (event.type === 'progress') for (const s of event.steps) expect(Number.isFinite(s.loss)).toBe(true);
    expect(scheduler.pending).toBe(0);
  });

  it('a huge learning rate diverges under step too: an error instead of a progress with a non-finite loss', () => {
    const { init, session, take } = setup();
    init(config, { ...settings, learningRate: 1e38, warmupSteps: 0 });
    let error: EventOf<'error'> | undefined;
    for (let i = 0; i < 5 && error === undefined; i++) {
      session.handle({ type: 'step' });
      const [event] = take();
      if (event.type === 'error') error = event;
      else expect(event.type === 'progress' && event.steps.every((s) => Number.isFinite(s.loss))).toBe(true);
    }
    expect(error?.code).toBe('engine');
    expect(error?.message).toMatch(DIVERGED);
  });

  it('a malformed file answers engine with a sentence, and the previous model keeps stepping', () => {
    const { init, session, take, only } = setup();
    init();
    session.handle({ type: 'step' });
    session.handle({ type: 'step' });
    take();
    for (const file of [{ format: 'something-else' }, null, { ...(JSON.parse(reversalText()) as object), tensors: {} }]) {
      session.handle({ type: 'load', text: JSON.stringify(file) });
      const error = only('error');
      expect(error.code).toBe('engine');
      expect(error.message).toMatch(/\w+ \w+/);
    }
    session.handle({ type: 'step' });
    expect(only('progress').steps.map((s) => s.step)).toEqual([3]);
  });
});

describe('training session: loading the trained model', () => {
  it('public/models/reversal.json answers ready from the file: its step, ≥ 99 % held-out, and it trains on', () => {
    const { init, session, only } = setup();
    init({ ...config, layers: 2 });
    const file = JSON.parse(reversalText()) as { step: number; config: TinyModelConfig };
    session.handle({ type: 'load', text: reversalText(), task: 'reversal' });
    const ready = only('ready');
    expect(ready.source).toBe('file');
    expect(ready.step).toBe(file.step);
    expect(ready.step).toBeGreaterThan(0);
    expect(ready.config).toEqual(file.config);
    expect(ready.heldOut.accuracy).toBeGreaterThanOrEqual(0.99);
    expect(ready.heldOut.step).toBe(file.step);
    expectAttentionShape(ready.sample, 1, 1, config.seqLen);
    expect(ready.sample.predictions).toEqual([...ready.sample.inputs].reverse());
    session.handle({ type: 'step' });
    expect(only('progress').steps[0].step).toBe(file.step + 1);
  });
});

describe('training session: dispose', () => {
  it('stops the loop and ignores later messages', () => {
    const { init, session, take, scheduler } = setup();
    init();
    session.handle({ type: 'start' });
    session.dispose();
    expect(scheduler.runAll()).toBe(0);
    session.handle({ type: 'step' });
    session.handle(null);
    expect(take()).toEqual([]);
  });
});

describe("the student's own input", () => {
  const own = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];

  it('is answered with the model on that input, and the trained reversal model reverses it', () => {
    const { session, only } = setup();
    session.handle({ type: 'load', text: reversalText() });
    only('ready');
    session.handle({ type: 'sample', inputs: own });
    const { sample } = only('sample');
    expect(sample.inputs).toEqual(own);
    expect(sample.targets).toEqual([...own].reverse());
    expect(sample.predictions).toEqual([...own].reverse());
    expectAttentionShape(sample, 1, 1, 16);
  });

  it('stays for the snapshots of later steps and of a rebuilt model, until it is set back to null', () => {
    const { session, only, init } = setup();
    init();
    session.handle({ type: 'sample', inputs: own });
    only('sample');
    session.handle({ type: 'step' });
    expect(only('progress').sample?.inputs).toEqual(own);
    expect(init().sample.inputs).toEqual(own);
    session.handle({ type: 'sample', inputs: null });
    const heldOut = only('sample').sample.inputs;
    expect(heldOut).not.toEqual(own);
    session.handle({ type: 'step' });
    expect(only('progress').sample?.inputs).toEqual(heldOut);
  });

  it('set before the model exists is used by the first snapshot', () => {
    const { session, take, init } = setup();
    session.handle({ type: 'sample', inputs: own });
    expect(take()).toEqual([]);
    expect(init().sample.inputs).toEqual(own);
  });

  it('that does not fit the model is refused with a sentence, and the previous input stays', () => {
    const { session, only, init } = setup();
    init();
    for (const bad of [[1, 2, 3], new Array<number>(16).fill(10), new Array<number>(16).fill(-1)]) {
      session.handle({ type: 'sample', inputs: bad });
      const error = only('error');
      expect(error.code).toBe('bad-command');
      expect(error.message).toBe('An input for this model is 16 tokens, each a whole number from 0 to 9.');
    }
    session.handle({ type: 'sample', inputs: [1.5] });
    expect(only('error').code).toBe('bad-command');
    session.handle({ type: 'step' });
    expect(only('progress').sample?.inputs).toHaveLength(16);
  });
});

describe('saving the model', () => {
  it("'export' answers with a weights file that loads back to the same model", () => {
    const { session, only, init } = setup();
    init();
    session.handle({ type: 'step' });
    only('progress');
    session.handle({ type: 'step' });
    const second = only('progress');
    expect(second.steps.map((s) => s.step)).toEqual([2]);
    session.handle({ type: 'export' });
    const { file } = only('weights');
    expect(file.format).toBe('attention-lab-tiny-transformer');
    expect(file.step).toBe(2);
    expect(file.config).toEqual(config);
    session.handle({ type: 'load', text: JSON.stringify(file) });
    const ready = only('ready');
    expect(ready.source).toBe('file');
    expect(ready.step).toBe(2);
    expect(ready.heldOut.accuracy).toBe(second.heldOut?.accuracy);
  });

  it('with no model, says so', () => {
    const { session, only } = setup();
    session.handle({ type: 'export' });
    expect(only('error')).toMatchObject({ code: 'no-model', message: 'There is no model to save yet.' });
  });
});

describe('switching heads off', () => {
  it("'ablate' on the trained reversal model: the held-out accuracy falls to about chance, and comes back", () => {
    const { session, only } = setup();
    session.handle({ type: 'load', text: reversalText() });
    const ready = only('ready');
    session.handle({ type: 'ablate', off: [[true]] });
    const off = only('sample');
    expect(off.heldOut?.accuracy).toBeLessThan(0.25);
    session.handle({ type: 'ablate', off: null });
    expect(only('sample').heldOut?.accuracy).toBe(ready.heldOut.accuracy);
  });

  it('keeps the head off while training, and a new model has every head on', () => {
    const { session, only, init } = setup();
    init();
    session.handle({ type: 'ablate', off: [[true]] });
    only('sample');
    session.handle({ type: 'export' });
    const before = only('weights').file;
    session.handle({ type: 'step' });
    only('progress');
    session.handle({ type: 'export' });
    const after = only('weights').file;
    // With the only head off, in_proj gets no gradient; Adam leaves it exactly where it was.
    expect(after.tensors['layers.0.attn.in_proj_weight'].data).toBe(before.tensors['layers.0.attn.in_proj_weight'].data);
    // The head's zeros reach out_proj too (no weight gradient), but its bias still learns.
    expect(after.tensors['layers.0.attn.out_proj.weight'].data).toBe(before.tensors['layers.0.attn.out_proj.weight'].data);
    expect(after.tensors['layers.0.attn.out_proj.bias'].data).not.toBe(before.tensors['layers.0.attn.out_proj.bias'].data);
    // A new model has its head on again: in_proj learns.
    init();
    session.handle({ type: 'export' });
    const fresh = only('weights').file;
    session.handle({ type: 'step' });
    only('progress');
    session.handle({ type: 'export' });
    expect(only('weights').file.tensors['layers.0.attn.in_proj_weight'].data).not.toBe(fresh.tensors['layers.0.attn.in_proj_weight'].data);
  });

  it('a shape that is not layers × heads is refused with a sentence', () => {
    const { session, only, init } = setup();
    init();
    session.handle({ type: 'ablate', off: [[true, false]] });
    expect(only('error')).toMatchObject({ code: 'bad-command', message: 'This model has 1 × 1 heads (layers × heads).' });
    session.handle({ type: 'ablate', off: [['yes']] });
    expect(only('error').code).toBe('bad-command');
  });
});

describe('errors say which command they answer', () => {
  it('a refused init or load carries replyTo; a diverged run does not', () => {
    const { session, scheduler, only, take, init } = setup();
    session.handle({ type: 'init', config: { ...config, width: 30, heads: 4 }, settings });
    expect(only('error').replyTo).toBe('init');
    session.handle({ type: 'load', text: '{"format": "nope"}' });
    expect(only('error').replyTo).toBe('load');
    session.handle({ type: 'init', config: 'junk' });
    expect(only('error')).toMatchObject({ code: 'bad-command', replyTo: 'init' });
    init(config, { ...settings, learningRate: 1e38, warmupSteps: 0, clipNorm: 0 });
    session.handle({ type: 'start' });
    scheduler.runAll(20);
    const errors = take().filter((e) => e.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).not.toHaveProperty('replyTo');
  });
});

describe('refused model files', () => {
  const deep = `{"format":"attention-lab-tiny-transformer","version":1,"config":${'['.repeat(2000)}${']'.repeat(2000)}}`;
  const atLimits = (): string => {
    const file = JSON.parse(reversalText()) as { config: TinyModelConfig };
    return JSON.stringify({ ...file, config: { ...file.config, seqLen: 1024, vocab: 4096 } });
  };

  it.each<[string, () => string, string | undefined, unknown]>([
    ['a config nested 2,000 deep', () => deep, undefined, { reason: 'too-deep', params: { limit: 16 } }],
    ['text that is not JSON', () => 'just some notes', undefined, { reason: 'not-json', params: {} }],
    ['a model at the format’s limits (sequence 1,024, vocabulary 4,096)', atLimits, undefined, { reason: 'memory', params: { needed: 23454, limit: 512 } }],
    ['the reversal model where copy was asked for', reversalText, 'copy', { reason: 'other-task', params: { task: 'reversal', expected: 'copy' } }],
  ])('%s answers an error with its problem, and the previous model keeps stepping', (_, text, task, problem) => {
    const { init, session, only } = setup();
    init();
    session.handle(task === undefined ? { type: 'load', text: text() } : { type: 'load', text: text(), task });
    const error = only('error');
    expect(error).toMatchObject({ code: 'engine', replyTo: 'load', problem });
    expect(error.message.length).toBeLessThan(300);
    session.handle({ type: 'step' });
    expect(only('progress').steps.map((s) => s.step)).toEqual([1]);
  });

  it('only the answer to a load carries a problem', () => {
    const { session, only } = setup();
    session.handle({ type: 'init', config: { ...config, seqLen: 1024, vocab: 4096 }, settings });
    const error = only('error');
    expect(error.replyTo).toBe('init');
    expect(error).not.toHaveProperty('problem');
  });
});
