import { probeOffThread, setProbeWorkerFactory } from '../../../src/models/trained/probeOffThread';

/** A stand-in Worker: answers the first message with `reply` (or an error event when reply is 'crash'). */
function fakeWorker(reply: unknown | 'crash') {
  const worker = {
    onmessage: null as ((m: MessageEvent) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    terminated: false,
    received: [] as unknown[],
    postMessage(message: unknown) {
      this.received.push(message);
      queueMicrotask(() => {
        if (reply === 'crash') this.onerror?.(new ErrorEvent('error', { message: 'boom' }));
        else this.onmessage?.(new MessageEvent('message', { data: reply }));
      });
    },
    terminate() {
      this.terminated = true;
    },
  };
  return worker;
}

afterEach(() => setProbeWorkerFactory(null));

describe('probeOffThread: the induction probe in a worker, with the page as fallback', () => {
  const bytes = new ArrayBuffer(8);

  it('is null where the page has no worker (custom elements, tests): the caller probes on the page', () => {
    expect(probeOffThread(bytes)).toBeNull();
    setProbeWorkerFactory(() => {
      throw new Error('blocked by worker-src');
    });
    expect(probeOffThread(bytes)).toBeNull();
  });

  it('sends the model file and resolves to the worker’s scores, then stops the worker', async () => {
    const worker = fakeWorker({ scores: [[0.1, 0.8], [0.02, 0.3]] });
    setProbeWorkerFactory(() => worker as unknown as Worker);
    await expect(probeOffThread(bytes)).resolves.toEqual([[0.1, 0.8], [0.02, 0.3]]);
    expect(worker.received).toEqual([{ bytes }]);
    expect(worker.terminated).toBe(true);
  });

  it('rejects on a failure, a crash or an answer that is not scores', async () => {
    setProbeWorkerFactory(() => fakeWorker({ failed: 'not a model file' }) as unknown as Worker);
    await expect(probeOffThread(bytes)).rejects.toThrow('not a model file');
    setProbeWorkerFactory(() => fakeWorker('crash') as unknown as Worker);
    await expect(probeOffThread(bytes)).rejects.toThrow('boom');
    setProbeWorkerFactory(() => fakeWorker({ scores: [[NaN]] }) as unknown as Worker);
    await expect(probeOffThread(bytes)).rejects.toThrow('unexpected');
  });
});
