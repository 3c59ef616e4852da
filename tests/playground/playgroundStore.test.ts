import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTrainer, defaultConfig, defaultSettings, heldOutBatch, sizeRefusal } from '../../src/engine/train';
import type { PlaygroundCommand, PlaygroundEvent, TrainingClient } from '../../src/playground/types';
import type { FetchLike } from '../../src/playground/loadTrainedModel';
import { disposePlayground, initPlayground, usePlayground } from '../../src/playground/playgroundStore';
import { configFromParams, defaultPlaygroundParams } from '../../src/playground/playgroundUrl';
import { createManualScheduler, type ManualScheduler } from '../../src/playground/scheduler';
import { createInProcessClient } from '../../src/playground/trainingClient';

const REVERSAL_FILE = readFileSync(path.resolve(__dirname, '../../public/models/reversal.json'), 'utf8');
const CANONICAL = '#/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1';

function answering(status: number, body: string): { fetchFn: FetchLike; urls: string[] } {
  const urls: string[] = [];
  const fetchFn: FetchLike = (url) => {
    urls.push(url);
    return Promise.resolve({ ok: status >= 200 && status < 300, status, text: () => Promise.resolve(body) });
  };
  return { fetchFn, urls };
}

let scheduler: ManualScheduler;

/**
 * Opens the playground at `url` (the address bar) with `query`, on an in-process session driven by a manual
 * scheduler and a fake clock (1 ms per reading, 2 steps per chunk, no held-out evaluations while running).
 */
function open(query = '', options: { fetchFn?: FetchLike; url?: string } = {}): void {
  window.history.replaceState(null, '', options.url ?? `/#/playground${query ? `?${query}` : ''}`);
  scheduler = createManualScheduler();
  let time = 0;
  const client = createInProcessClient(scheduler, { now: () => (time += 1), maxStepsPerChunk: 2, evaluateEveryMs: 1e12 });
  initPlayground(query, client, { fetchFn: options.fetchFn ?? answering(404, '').fetchFn, baseUrl: 'http://x/sub/', win: window });
}

const state = () => usePlayground.getState();

/** Opens and waits for the first model. */
function openReady(query = '', options: { fetchFn?: FetchLike; url?: string } = {}): void {
  open(query, options);
  scheduler.runAll();
  expect(state().status).toBe('ready');
}

/** Lets a fake fetch resolve, runs the session until the load is answered, and waits for loadTrained. */
async function finishLoad(loading: Promise<void>): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  scheduler.runAll(200);
  await loading;
}

afterEach(() => {
  disposePlayground();
  window.history.replaceState(null, '', '/');
});

describe('playground store: opening', () => {
  it('builds a fresh model: building, then ready at step 0 with an evaluation and a sample', () => {
    open();
    expect(state()).toMatchObject({ status: 'building', step: 0, config: null, sample: null, notices: [] });
    scheduler.runAll();
    const s = state();
    expect(s.status).toBe('ready');
    expect(s.step).toBe(0);
    expect(s.source).toBe('fresh');
    expect(s.config).toEqual(configFromParams(defaultPlaygroundParams()).config);
    expect(s.config).toEqual(defaultConfig('reversal'));
    expect(s.heldOut?.step).toBe(0);
    expect(s.heldOutHistory).toHaveLength(1);
    expect(s.history).toEqual([]);
    expect(s.sample?.attention[0][0]).toHaveLength(16 * 16);
    expect(s.error).toBeNull();
  });

  it('writes the canonical link into the address bar, keeping the path and search', () => {
    open();
    expect(window.location.hash).toBe(CANONICAL);
    disposePlayground();
    open('lr=0.01', { url: '/sub/?lang=zh#/playground?lr=0.01' });
    expect(window.location.pathname).toBe('/sub/');
    expect(window.location.search).toBe('?lang=zh');
    expect(window.location.hash).toBe(CANONICAL);
  });

  it('leaves the address bar alone when another page is shown', () => {
    open('', { url: '/#/lab' });
    expect(window.location.hash).toBe('#/lab');
  });

  it('a bad link gives visible notices and falls back: heads=3 on width 32 becomes 2', () => {
    open('task=nope&lr=abc&layers=99&heads=3&foo=1');
    const { notices, params } = state();
    expect(notices.map((n) => [n.param, n.reason])).toEqual(
      expect.arrayContaining([
        ['task', 'invalid'],
        ['lr', 'invalid'],
        ['layers', 'out-of-range'],
        ['heads', 'heads-do-not-divide'],
        ['foo', 'unknown'],
      ]),
    );
    expect(notices).toHaveLength(5);
    expect(params).toEqual({ ...defaultPlaygroundParams('reversal'), heads: 2 });
    expect(window.location.hash).toBe('#/playground?task=reversal&layers=1&heads=2&width=32&lr=0.01&seed=1');
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'ready', config: { heads: 2 } });
    state().dismissNotices();
    expect(state().notices).toEqual([]);
  });

  it('Start and Step do nothing while the model is being built', () => {
    open();
    state().start();
    state().stepOnce();
    expect(state().status).toBe('building');
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'ready', step: 0 });
  });
});

describe('playground store: training', () => {
  it('start → running; the step counter and the chart grow', () => {
    openReady();
    state().start();
    expect(state().status).toBe('running');
    scheduler.runAll(6);
    const first = state().step;
    expect(first).toBeGreaterThan(0);
    expect(state().history.length).toBe(first);
    scheduler.runAll(6);
    const s = state();
    expect(s.status).toBe('running');
    expect(s.step).toBeGreaterThan(first);
    expect(s.history.map((p) => p.step)).toEqual(Array.from({ length: s.step }, (_, i) => i + 1));
    for (const p of s.history) expect(Number.isFinite(p.loss)).toBe(true);
    expect(s.stepsPerSecond).toBeGreaterThan(0);
  });

  it('pause → paused at once, the run stops, and the step counter stays put', () => {
    openReady();
    state().start();
    scheduler.runAll(6);
    state().pause();
    expect(state().status).toBe('paused');
    // Once the pause reaches the session nothing is scheduled any more, so this ends by itself.
    scheduler.runAll();
    expect(scheduler.pending).toBe(0);
    const stopped = state().step;
    expect(stopped).toBeGreaterThan(0);
    // The pause brings a fresh evaluation for the step the run stopped at.
    expect(state().heldOut?.step).toBe(stopped);
    expect(state().heldOutHistory.map((p) => p.step)).toEqual([0, stopped]);
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'paused', step: stopped });
  });

  it('stepOnce takes exactly one step, with a fresh evaluation and sample', () => {
    openReady();
    const sampleBefore = state().sample;
    state().stepOnce();
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'paused', step: 1 });
    expect(state().heldOut?.step).toBe(1);
    expect(state().sample).not.toBe(sampleBefore);
    state().stepOnce();
    scheduler.runAll();
    expect(state().step).toBe(2);
    expect(state().history.map((p) => p.step)).toEqual([1, 2]);
  });

  it('start after a pause continues from the same step', () => {
    openReady();
    state().stepOnce();
    scheduler.runAll();
    state().start();
    scheduler.runAll(4);
    expect(state().history[1].step).toBe(2);
    expect(state().step).toBeGreaterThan(1);
  });

  it('reset → a fresh model at step 0 with an empty chart, even if the old run was still posting', () => {
    openReady();
    state().start();
    scheduler.runAll(6);
    expect(state().step).toBeGreaterThan(0);
    state().reset();
    expect(state()).toMatchObject({ status: 'building', step: 0, history: [], heldOutHistory: [] });
    // The old run's progress still in the queue must not reach the new model's chart.
    scheduler.runAll();
    expect(scheduler.pending).toBe(0);
    expect(state()).toMatchObject({ status: 'ready', step: 0, history: [] });
    expect(state().heldOutHistory).toHaveLength(1);
  });
});

describe('playground store: settings', () => {
  it('setParams({ heads: 3 }) gives a divide notice, 2 heads, a new URL and a fresh 2-head model', () => {
    openReady();
    state().stepOnce();
    scheduler.runAll();
    state().setParams({ heads: 3 });
    expect(state().notices).toEqual([{ param: 'heads', value: '3', reason: 'heads-do-not-divide', fallback: '2' }]);
    expect(state().params.heads).toBe(2);
    expect(state()).toMatchObject({ status: 'building', step: 0 });
    expect(window.location.hash).toBe('#/playground?task=reversal&layers=1&heads=2&width=32&lr=0.01&seed=1');
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'ready', step: 0, config: { heads: 2 } });
    expect(state().sample?.attention[0]).toHaveLength(2);
  });

  it('a new task takes its default architecture and keeps the seed', () => {
    openReady('seed=7');
    state().setParams({ task: 'sort' });
    expect(state().params).toEqual({ ...defaultPlaygroundParams('sort'), seed: 7 });
    expect(window.location.hash).toBe('#/playground?task=sort&layers=2&heads=2&width=32&lr=0.005&seed=7');
    scheduler.runAll();
    expect(state().config).toEqual(defaultConfig('sort'));
  });

  it('a refused value keeps the model as it was (no rebuild) and says why', () => {
    openReady();
    state().stepOnce();
    scheduler.runAll();
    state().setParams({ layers: 99 });
    expect(state().notices).toEqual([{ param: 'layers', value: '99', reason: 'out-of-range', fallback: '1' }]);
    expect(state()).toMatchObject({ status: 'paused', step: 1, params: defaultPlaygroundParams() });
    expect(scheduler.pending).toBe(0);
  });
});

describe('playground store: loading the trained model', () => {
  it('fetches models/reversal.json relative to the page and shows it: ready, from the file, ≥ 99 % held-out', async () => {
    const { fetchFn, urls } = answering(200, REVERSAL_FILE);
    openReady('', { fetchFn });
    const loading = state().loadTrained();
    expect(state().status).toBe('loading');
    await finishLoad(loading);
    const s = state();
    expect(urls).toEqual(['http://x/sub/models/reversal.json']);
    expect(s.status).toBe('ready');
    expect(s.source).toBe('file');
    expect(s.step).toBe((JSON.parse(REVERSAL_FILE) as { step: number }).step);
    expect(s.heldOut?.accuracy).toBeGreaterThanOrEqual(0.99);
    expect(s.error).toBeNull();
    expect(window.location.hash).toBe(CANONICAL);
    // It trains on from the file's step.
    state().stepOnce();
    scheduler.runAll();
    expect(state().step).toBe(s.step + 1);
  });

  it('loading while running pauses the run first, and the old run never reaches the chart', async () => {
    const { fetchFn } = answering(200, REVERSAL_FILE);
    openReady('', { fetchFn });
    state().start();
    scheduler.runAll(6);
    const loading = state().loadTrained();
    expect(state().status).toBe('loading');
    await finishLoad(loading);
    expect(scheduler.pending).toBe(0);
    expect(state()).toMatchObject({ status: 'ready', source: 'file', history: [] });
  });

  it('a missing file (404): status error with code fetch and a clear sentence; the previous model stays', async () => {
    openReady('', { fetchFn: answering(404, 'Not found').fetchFn });
    state().stepOnce();
    scheduler.runAll();
    const configBefore = state().config;
    await state().loadTrained();
    const s = state();
    expect(s.status).toBe('error');
    expect(s.error?.code).toBe('fetch');
    expect(s.error?.message).toContain('is missing');
    expect(s.error?.message).toContain('models/reversal.json');
    expect(s.config).not.toBeNull();
    expect(s.config).toEqual(configBefore);
    expect(s.step).toBe(1);
    expect(s.source).toBe('fresh');
    // Step still works, on the same model, and clears the error.
    state().stepOnce();
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'paused', step: 2, error: null });
  });

  it('a file the trainer refuses: status error with code file; the previous model keeps training', async () => {
    openReady('', { fetchFn: answering(200, '{"format": "something-else"}').fetchFn });
    const loading = state().loadTrained();
    await finishLoad(loading);
    expect(state().status).toBe('error');
    expect(state().error?.code).toBe('file');
    expect(state().error?.message.length).toBeGreaterThan(10);
    expect(state().config).toEqual(defaultConfig('reversal'));
    state().start();
    scheduler.runAll(4);
    expect(state().status).toBe('running');
    expect(state().step).toBeGreaterThan(0);
  });

  it('a reset while the file is being fetched wins: the late file is dropped', async () => {
    openReady('', { fetchFn: answering(200, REVERSAL_FILE).fetchFn });
    const loading = state().loadTrained();
    state().reset();
    await finishLoad(loading);
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'ready', source: 'fresh', step: 0 });
  });
});

describe("playground store: the student's own input", () => {
  const own = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];
  const ownText = own.join('');

  it('from the link: the first maps are of it, and the URL keeps it', () => {
    openReady(`input=${ownText}`);
    expect(state().sampleInput).toEqual(own);
    expect(state().sample?.inputs).toEqual(own);
    expect(window.location.hash).toBe(`${CANONICAL}&input=${ownText}`);
  });

  it('setSampleInput shows the model on it without touching the training, and null goes back', () => {
    openReady();
    state().stepOnce();
    scheduler.runAll();
    state().setSampleInput(own);
    expect(window.location.hash).toBe(`${CANONICAL}&input=${ownText}`);
    scheduler.runAll();
    expect(state().sample?.inputs).toEqual(own);
    expect(state().step).toBe(1);
    expect(state().status).toBe('paused');
    // A new model (another seed) keeps showing the same input.
    state().setParams({ seed: 5 });
    scheduler.runAll();
    expect(state().sample?.inputs).toEqual(own);
    state().setSampleInput(null);
    scheduler.runAll();
    // Held-out sequence 0 of seed 5's held-out set (the held-out set is drawn from seed + 1).
    expect(state().sample?.inputs).toEqual(Array.from(heldOutBatch(defaultConfig('reversal'), { ...defaultSettings('reversal'), seed: 5 }).inputs.slice(0, 16)));
    expect(window.location.hash).toBe(CANONICAL.replace('seed=1', 'seed=5'));
  });

  it('a bad input in the link gives a notice and the held-out input', () => {
    openReady('input=12345');
    expect(state().sampleInput).toBeNull();
    expect(state().notices).toEqual([{ param: 'input', value: '12345', reason: 'invalid', fallback: '' }]);
    expect(state().sample?.inputs).toHaveLength(16);
    expect(window.location.hash).toBe(CANONICAL);
  });
});

describe('playground store: model files', () => {
  it('exportWeights gives the current model, and loadFile of it restores that model and step', async () => {
    openReady();
    state().stepOnce();
    scheduler.runAll();
    state().stepOnce();
    scheduler.runAll();
    const saving = state().exportWeights();
    scheduler.runAll();
    const file = await saving;
    expect(file?.step).toBe(2);
    state().reset();
    scheduler.runAll();
    expect(state().step).toBe(0);
    const loading = state().loadFile(JSON.stringify(file), 'mine.json');
    scheduler.runAll();
    await loading;
    expect(state()).toMatchObject({ status: 'ready', source: 'file', step: 2, error: null });
  });

  it('a file that is not JSON, or not a model, is refused with its name and the model stays', async () => {
    openReady();
    state().stepOnce();
    scheduler.runAll();
    const notJson = state().loadFile('{"format": "attention', 'notes.json');
    expect(state().status).toBe('loading');
    scheduler.runAll();
    await notJson;
    expect(state().status).toBe('error');
    expect(state().error).toEqual({
      code: 'file',
      message: 'This is not a model file: it is not valid JSON.',
      problem: { reason: 'not-json', params: {} },
      file: 'notes.json',
    });
    const loading = state().loadFile('{"hello": 1}', 'other.json');
    scheduler.runAll();
    await loading;
    expect(state().error).toMatchObject({ code: 'file', problem: { reason: 'no-format' }, file: 'other.json' });
    expect(state().config).not.toBeNull();
    expect(state().step).toBe(1);
    state().stepOnce();
    scheduler.runAll();
    expect(state().step).toBe(2);
  });

  it('exportWeights is null while there is no model', async () => {
    open();
    expect(await state().exportWeights()).toBeNull();
  });
});

describe('playground store: switching heads off', () => {
  it('setHeadOff updates headsOff and the held-out figures without a chart point; a reset turns every head on', () => {
    openReady('task=sort');
    state().stepOnce();
    scheduler.runAll();
    const points = state().heldOutHistory.length;
    state().setHeadOff(1, 0, true);
    expect(state().headsOff).toEqual([
      [false, false],
      [true, false],
    ]);
    scheduler.runAll();
    expect(state().heldOutHistory).toHaveLength(points);
    state().setHeadOff(1, 0, false);
    expect(state().headsOff).toBeNull();
    state().setHeadOff(0, 1, true);
    scheduler.runAll();
    state().reset();
    expect(state().headsOff).toBeNull();
    // Out of range is ignored.
    scheduler.runAll();
    state().setHeadOff(5, 0, true);
    expect(state().headsOff).toBeNull();
  });
});

describe('playground store: which errors answer an init or a load', () => {
  function fakeClient() {
    const listeners = new Set<(event: PlaygroundEvent) => void>();
    const sent: PlaygroundCommand[] = [];
    const client: TrainingClient = {
      send: (command) => void sent.push(command),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      dispose: () => undefined,
    };
    return { client, sent, emit: (event: PlaygroundEvent) => listeners.forEach((l) => l(event)) };
  }
  const trainer = createTrainer(defaultConfig('reversal'), defaultSettings('reversal'));
  const ready: PlaygroundEvent = {
    type: 'ready',
    config: trainer.config,
    settings: trainer.settings,
    step: 0,
    heldOut: trainer.evaluate(),
    sample: trainer.sample(),
    source: 'fresh',
  };

  it('a run that diverges just as Reset is pressed does not pass for the answer to the new model', () => {
    window.history.replaceState(null, '', '/#/playground');
    const fake = fakeClient();
    initPlayground('', fake.client, { win: window });
    fake.emit(ready);
    state().start();
    state().reset();
    expect(state().status).toBe('building');
    fake.emit({ type: 'error', code: 'engine', message: 'The training diverged.' });
    expect(state()).toMatchObject({ status: 'building', error: null });
    fake.emit(ready);
    expect(state()).toMatchObject({ status: 'ready', error: null });
  });

  it('a worker that fails while a file loads: nothing waits for it, and Reset starts a new worker that builds a model', async () => {
    window.history.replaceState(null, '', '/#/playground');
    const fake = fakeClient();
    let disposed = false;
    initPlayground('', { ...fake.client, dispose: () => void (disposed = true) }, { win: window });
    fake.emit(ready);
    const loading = state().loadFile('{}', 'mine.json');
    expect(state().status).toBe('loading');
    fake.emit({ type: 'error', code: 'engine', message: 'The training worker stopped: out of memory', crashed: true });
    await loading;
    expect(state()).toMatchObject({ status: 'error', error: { code: 'engine' } });
    expect(state().config).not.toBeNull();
    // Reset: the failed worker is let go, and a new session (in-process here: jsdom has no Worker) answers.
    state().reset();
    expect(disposed).toBe(true);
    await expect.poll(() => state().status, { timeout: 15_000 }).toBe('ready');
  });

  it('an error that answers the init is shown, and leaves no model', () => {
    window.history.replaceState(null, '', '/#/playground');
    const fake = fakeClient();
    initPlayground('', fake.client, { win: window });
    fake.emit({ type: 'error', code: 'engine', message: 'The width must be divisible by the heads.', replyTo: 'init' });
    expect(state()).toMatchObject({ status: 'error', config: null, error: { code: 'engine', message: 'The width must be divisible by the heads.' } });
  });
});

describe('playground store: a file refused before it is read', () => {
  it('refuseFile pauses the training and shows the message; the model stays and trains on', () => {
    openReady();
    state().start();
    scheduler.runAll(6);
    const refusal = sizeRefusal(12 * 1024 * 1024);
    expect(refusal).not.toBeNull();
    state().refuseFile(refusal!, 'huge.json');
    scheduler.runAll(50);
    expect(state()).toMatchObject({
      status: 'error',
      error: { code: 'file', message: 'The file is too large to be a model of this playground (12.0 MB; at most 10 MB).', problem: { reason: 'too-large', params: { size: '12.0', limit: 10 } }, file: 'huge.json' },
    });
    const step = state().step;
    expect(scheduler.pending).toBe(0);
    state().stepOnce();
    scheduler.runAll();
    expect(state().step).toBe(step + 1);
  });
});
