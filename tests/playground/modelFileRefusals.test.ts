import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MODEL_FILE_BYTES } from '../../src/engine/train';
import type { FetchLike } from '../../src/playground/loadTrainedModel';
import { disposePlayground, initPlayground, usePlayground } from '../../src/playground/playgroundStore';
import { createManualScheduler, type ManualScheduler } from '../../src/playground/scheduler';
import { createInProcessClient } from '../../src/playground/trainingClient';
import type { PlaygroundCommand, PlaygroundState, TrainingClient } from '../../src/playground/types';

/*
 * Issue 14 for model files: whatever file is opened or fetched, the page ends in a state the student can act on
 * (never stuck in 'loading' or 'building'), says why in a refusal the page can translate, and keeps the model
 * it had (config, chart and sample untouched; Start, Step, Reset and Open work).
 */

const REVERSAL_TEXT = readFileSync(path.resolve(__dirname, '../../public/models/reversal.json'), 'utf8');
/** The file the issue found: a config nested 2,000 lists deep (structured clone overflowed on the parsed object). */
const DEEP = `{"format":"attention-lab-tiny-transformer","version":1,"config":${'['.repeat(2000)}${']'.repeat(2000)}}`;

let scheduler: ManualScheduler;
/** When it returns true for a command, send throws as postMessage did (a RangeError from the structured clone). */
let failSend: (command: PlaygroundCommand) => boolean = () => false;
const sent: PlaygroundCommand['type'][] = [];

/**
 * The playground on an in-process session whose client clones every command as postMessage does, so a command the
 * worker channel could not carry fails here too.
 */
function openReady(fetchFn?: FetchLike): void {
  window.history.replaceState(null, '', '/#/playground');
  scheduler = createManualScheduler();
  let time = 0;
  const inner = createInProcessClient(scheduler, { now: () => (time += 1), maxStepsPerChunk: 2, evaluateEveryMs: 1e12 });
  const client: TrainingClient = {
    send(command) {
      if (failSend(command)) throw new RangeError('Maximum call stack size exceeded');
      sent.push(command.type);
      inner.send(structuredClone(command));
    },
    subscribe: inner.subscribe,
    dispose: inner.dispose,
  };
  initPlayground('', client, { win: window, baseUrl: 'http://x/', ...(fetchFn ? { fetchFn } : {}) });
  scheduler.runAll();
  expect(state().status).toBe('ready');
}

const state = () => usePlayground.getState();

/** What must not change when a file is refused: the model on screen. */
function modelOnScreen(s: PlaygroundState) {
  return { config: s.config, sample: s.sample, history: s.history, heldOutHistory: s.heldOutHistory, step: s.step, source: s.source, params: s.params };
}

/** Opens `text` as the file `name` and lets the session answer. */
async function open(text: string, name: string): Promise<void> {
  const loading = state().loadFile(text, name);
  scheduler.runAll(50);
  await loading;
}

/** The model is still there and works: Step trains it, Reset builds a fresh one. */
function expectWorkingModel(step: number): void {
  expect(state().status).not.toBe('loading');
  state().stepOnce();
  scheduler.runAll();
  expect(state()).toMatchObject({ status: 'paused', step: step + 1, error: null });
  state().reset();
  scheduler.runAll();
  expect(state()).toMatchObject({ status: 'ready', step: 0, source: 'fresh' });
}

afterEach(() => {
  disposePlayground();
  failSend = () => false;
  sent.length = 0;
  window.history.replaceState(null, '', '/');
});

describe('a refused model file keeps the model on screen', () => {
  it('a config nested 2,000 levels deep: refused as too deep, the page leaves loading, the model stays and works', async () => {
    openReady();
    state().stepOnce();
    scheduler.runAll();
    const before = modelOnScreen(state());
    const loading = state().loadFile(DEEP, 'deep.json');
    expect(state().status).toBe('loading');
    scheduler.runAll(50);
    await loading;
    expect(state().status).toBe('error');
    expect(state().error).toEqual({
      code: 'file',
      message: 'This is not a model file: its lists and objects are nested more than 16 levels deep.',
      problem: { reason: 'too-deep', params: { limit: 16 } },
      file: 'deep.json',
    });
    expect(modelOnScreen(state())).toEqual(before);
    expect(state().config).toBe(before.config);
    expect(state().sample).toBe(before.sample);
    expectWorkingModel(1);
  });

  it.each<[string, string, object]>([
    ['a format of 1,000,000 characters', JSON.stringify({ format: 'a'.repeat(1_000_000), version: 1 }), { reason: 'format', params: { value: `"${'a'.repeat(37)}…"` } }],
    ['a model at the format’s limits', JSON.stringify({ ...JSON.parse(REVERSAL_TEXT), config: { ...JSON.parse(REVERSAL_TEXT).config, seqLen: 1024, vocab: 4096 } }), { reason: 'memory', params: { needed: 23454, limit: 512 } }],
    ['a batch of 16,384', JSON.stringify({ ...JSON.parse(REVERSAL_TEXT), settings: { ...JSON.parse(REVERSAL_TEXT).settings, batchSize: 16384 } }), { reason: 'field-whole', params: { field: 'settings.batchSize', value: '16384' } }],
    ['text that is not JSON', 'just some notes', { reason: 'not-json' }],
  ])('%s: refused with its problem while running; training pauses and the model stays', async (_, text, problem) => {
    openReady();
    state().start();
    scheduler.runAll(6);
    await open(text, 'mine.json');
    expect(state().status).toBe('error');
    expect(state().error).toMatchObject({ code: 'file', file: 'mine.json', problem });
    expect(state().error?.message.length).toBeLessThan(300);
    expect(scheduler.pending).toBe(0);
    const step = state().step;
    expect(step).toBeGreaterThan(0);
    expect(state().config?.seqLen).toBe(16);
    expectWorkingModel(step);
  });

  it('a file name of any length is cut for the messages', async () => {
    openReady();
    await open('nope', `${'n'.repeat(100_000)}.json`);
    expect(state().error?.file).toBe(`${'n'.repeat(39)}…`);
  });

  it('text over the size limit is refused on the page, without sending it', async () => {
    openReady();
    sent.length = 0;
    await open(' '.repeat(MAX_MODEL_FILE_BYTES + 1), 'big.json');
    expect(sent).toEqual([]);
    expect(state().error).toMatchObject({ code: 'file', problem: { reason: 'too-large', params: { size: '10.0', limit: 10 } }, file: 'big.json' });
    expectWorkingModel(0);
  });
});

describe('the shipped model (Load trained model)', () => {
  const answering =
    (body: string): FetchLike =>
    () =>
      Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(body) });

  async function loadTrained(): Promise<void> {
    const loading = state().loadTrained();
    await new Promise((resolve) => setTimeout(resolve, 0));
    scheduler.runAll(50);
    await loading;
  }

  it('a file that is the model of another task is refused, naming both', async () => {
    openReady(answering(readFileSync(path.resolve(__dirname, '../../public/models/copy.json'), 'utf8')));
    await loadTrained();
    expect(state().error).toMatchObject({
      code: 'file',
      problem: { reason: 'other-task', params: { task: 'copy', expected: 'reversal' } },
      file: 'models/reversal.json',
    });
    expectWorkingModel(0);
  });

  it('a body that is not JSON, or too large, is refused with its problem', async () => {
    openReady(answering('<!doctype html><html></html>'));
    await loadTrained();
    expect(state().error).toMatchObject({ code: 'file', problem: { reason: 'not-json' }, file: 'models/reversal.json' });
    disposePlayground();
    openReady(answering('x'.repeat(MAX_MODEL_FILE_BYTES + 1)));
    sent.length = 0;
    await loadTrained();
    expect(sent).not.toContain('load');
    expect(state().error).toMatchObject({ code: 'file', problem: { reason: 'too-large' } });
    expectWorkingModel(0);
  });
});

describe('a command the client cannot send', () => {
  it('a load that throws in send: error send, not loading; the model stays and everything works again', async () => {
    openReady();
    const before = modelOnScreen(state());
    failSend = (command) => command.type === 'load';
    await state().loadFile(REVERSAL_TEXT, 'mine.json');
    expect(state().status).toBe('error');
    expect(state().error).toEqual({ code: 'send', message: 'The training worker could not be given the load command: Maximum call stack size exceeded' });
    expect(modelOnScreen(state())).toEqual(before);
    failSend = () => false;
    await open(REVERSAL_TEXT, 'mine.json');
    expect(state()).toMatchObject({ status: 'ready', source: 'file', error: null });
    expectWorkingModel(state().step);
  });

  it('an init that throws in send: error, not building; Reset builds once sending works', () => {
    openReady();
    failSend = (command) => command.type === 'init';
    state().reset();
    expect(state()).toMatchObject({ status: 'error', error: { code: 'send' }, config: null });
    failSend = () => false;
    state().reset();
    expect(state().status).toBe('building');
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'ready', step: 0, error: null });
  });

  it('start, step and export that throw in send leave a state to act on', async () => {
    openReady();
    failSend = (command) => command.type !== 'pause';
    state().start();
    expect(state()).toMatchObject({ status: 'error', error: { code: 'send' } });
    state().stepOnce();
    expect(state().status).toBe('error');
    expect(await state().exportWeights()).toBeNull();
    failSend = () => false;
    state().stepOnce();
    scheduler.runAll();
    expect(state()).toMatchObject({ status: 'paused', step: 1, error: null });
  });
});
