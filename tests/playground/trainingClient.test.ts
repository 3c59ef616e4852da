import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, defaultSettings } from '../../src/engine/train';
import { createManualScheduler } from '../../src/playground/scheduler';
import { createInProcessClient, createTrainingClient, createWorkerClient } from '../../src/playground/trainingClient';
import type { PlaygroundCommand, PlaygroundEvent } from '../../src/playground/types';

const init: PlaygroundCommand = { type: 'init', config: defaultConfig('reversal'), settings: defaultSettings('reversal') };

/** A fake clock advancing 1 ms per reading, and 2 steps per chunk, so nothing depends on wall time. */
function inProcess() {
  const scheduler = createManualScheduler();
  let time = 0;
  const client = createInProcessClient(scheduler, { now: () => (time += 1), maxStepsPerChunk: 2, evaluateEveryMs: 1e12 });
  const events: PlaygroundEvent[] = [];
  client.subscribe((event) => events.push(event));
  return { scheduler, client, events };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('in-process client', () => {
  it('delivers events only once the scheduler runs, never during send', () => {
    const { scheduler, client, events } = inProcess();
    client.send(init);
    expect(events).toEqual([]);
    expect(scheduler.pending).toBe(1);
    // The command runs, and queues its answer.
    scheduler.runNext();
    expect(events).toEqual([]);
    scheduler.runNext();
    expect(events.map((e) => e.type)).toEqual(['ready']);
    expect(events[0]).toMatchObject({ type: 'ready', step: 0, source: 'fresh' });
    client.dispose();
  });

  it('start and pause go through the same queue: progress with increasing steps, then paused', () => {
    const { scheduler, client, events } = inProcess();
    client.send(init);
    scheduler.runAll();
    client.send({ type: 'start' });
    scheduler.runAll(8);
    client.send({ type: 'pause' });
    // Once the pause is handled the loop stops, so the queue empties by itself.
    scheduler.runAll();
    expect(scheduler.pending).toBe(0);
    const steps = events.flatMap((e) => (e.type === 'progress' ? e.steps.map((s) => s.step) : []));
    expect(steps.length).toBeGreaterThan(2);
    expect(steps).toEqual(Array.from({ length: steps.length }, (_, i) => i + 1));
    expect(events[events.length - 1]).toEqual({ type: 'paused', step: steps[steps.length - 1] });
    client.dispose();
  });

  it('every subscriber gets every event; an unsubscribed one gets no more', () => {
    const { scheduler, client, events } = inProcess();
    const other: PlaygroundEvent[] = [];
    const unsubscribe = client.subscribe((event) => other.push(event));
    client.send(init);
    scheduler.runAll();
    expect(other.map((e) => e.type)).toEqual(['ready']);
    unsubscribe();
    client.send({ type: 'step' });
    scheduler.runAll();
    expect(other.map((e) => e.type)).toEqual(['ready']);
    expect(events.map((e) => e.type)).toEqual(['ready', 'progress']);
    client.dispose();
  });

  it('dispose stops delivery: queued events are dropped, later sends do nothing, the training loop ends', () => {
    const { scheduler, client, events } = inProcess();
    client.send(init);
    scheduler.runAll();
    client.send({ type: 'start' });
    scheduler.runAll(3);
    const delivered = events.length;
    client.dispose();
    expect(scheduler.runAll(100)).toBeLessThan(100);
    client.send({ type: 'step' });
    expect(scheduler.runAll()).toBe(0);
    expect(events).toHaveLength(delivered);
  });
});

/** Just enough of a Worker: records what the page posts, and lets the test answer as the worker would. */
class FakeWorker {
  static last: FakeWorker | null = null;
  readonly posted: unknown[] = [];
  terminated = false;
  onmessage: ((message: MessageEvent<unknown>) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  onerror: ((error: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent<unknown>);
  }
}

describe('worker client', () => {
  it('posts commands to the worker, checks what comes back, and reports a crashed worker', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const client = createWorkerClient();
    const worker = FakeWorker.last as FakeWorker;
    const events: PlaygroundEvent[] = [];
    client.subscribe((event) => events.push(event));

    client.send({ type: 'start' });
    expect(worker.posted).toEqual([{ type: 'start' }]);

    worker.answer({ type: 'paused', step: 4, extra: 'dropped' });
    worker.answer({ type: 'progress', steps: [{ step: 1, loss: Number.NaN }], stepsPerSecond: 1, running: true });
    worker.answer('garbage');
    expect(events[0]).toEqual({ type: 'paused', step: 4 });
    expect(events.slice(1)).toEqual([
      expect.objectContaining({ type: 'error', code: 'bad-command' }),
      expect.objectContaining({ type: 'error', code: 'bad-command' }),
    ]);

    const crash = { message: 'boom', preventDefault: vi.fn() } as unknown as ErrorEvent;
    worker.onerror?.(crash);
    // The page handles it: no uncaught error in the console on top of the message.
    expect(crash.preventDefault).toHaveBeenCalled();
    expect(events[events.length - 1]).toEqual({ type: 'error', code: 'engine', message: 'The training worker stopped: boom', crashed: true });

    client.dispose();
    expect(worker.terminated).toBe(true);
    const count = events.length;
    worker.answer({ type: 'paused', step: 5 });
    client.send({ type: 'pause' });
    expect(events).toHaveLength(count);
    expect(worker.posted).toHaveLength(1);
  });

  it('createTrainingClient uses the worker when there is one', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const before = FakeWorker.last;
    const client = createTrainingClient();
    const worker = FakeWorker.last as FakeWorker | null;
    expect(worker).not.toBe(before);
    client.send({ type: 'step' });
    expect(worker?.posted).toEqual([{ type: 'step' }]);
    client.dispose();
  });

  it('createTrainingClient trains on this thread when the worker cannot start', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('blocked by worker-src');
        }
      },
    );
    vi.useFakeTimers();
    const client = createTrainingClient();
    const events: PlaygroundEvent[] = [];
    client.subscribe((event) => events.push(event));
    client.send(init);
    expect(events).toEqual([]);
    vi.runAllTimers();
    expect(events.map((e) => e.type)).toEqual(['ready']);
    client.dispose();
  });
});
