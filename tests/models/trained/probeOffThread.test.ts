import { probeOffThread, setProbeWorkerFactory } from '../../../src/models/trained/probeOffThread';
import { probeWorkerHandler, type ProbeRequest } from '../../../src/models/trained/probeWorkerCore';

/**
 * A stand-in Worker speaking the one worker protocol: answers the first request with `reply(id)` (or an error event
 * when reply is 'crash').
 */
function fakeWorker(reply: ((id: number) => unknown) | 'crash') {
  const worker = {
    onmessage: null as ((m: MessageEvent) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    terminated: false,
    received: [] as ProbeRequest[],
    postMessage(message: ProbeRequest) {
      this.received.push(message);
      queueMicrotask(() => {
        if (reply === 'crash') this.onerror?.(new ErrorEvent('error', { message: 'boom' }));
        else this.onmessage?.(new MessageEvent('message', { data: reply(message.id) }));
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
    const worker = fakeWorker((id) => ({ id, ok: true, value: [[0.1, 0.8], [0.02, 0.3]] }));
    setProbeWorkerFactory(() => worker as unknown as Worker);
    await expect(probeOffThread(bytes)).resolves.toEqual([[0.1, 0.8], [0.02, 0.3]]);
    expect(worker.received).toEqual([{ id: expect.any(Number), bytes }]);
    expect(worker.terminated).toBe(true);
  });

  it('rejects on a refusal, a crash or an answer that is not scores', async () => {
    setProbeWorkerFactory(() => fakeWorker((id) => ({ id, ok: false, code: 'invalid-argument', message: 'not a model file', details: {} })) as unknown as Worker);
    await expect(probeOffThread(bytes)).rejects.toThrow('not a model file');
    setProbeWorkerFactory(() => fakeWorker('crash') as unknown as Worker);
    await expect(probeOffThread(bytes)).rejects.toThrow('boom');
    setProbeWorkerFactory(() => fakeWorker((id) => ({ id, ok: true, value: [[NaN]] })) as unknown as Worker);
    await expect(probeOffThread(bytes)).rejects.toThrow('unexpected');
  });

  it('the worker’s side refuses a file that is not a model with the engine’s sentence, in the protocol’s shape', async () => {
    const replies: unknown[] = [];
    probeWorkerHandler((reply) => replies.push(reply))({ id: 7, bytes: new TextEncoder().encode('not a model').buffer });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({ id: 7, ok: false, code: expect.any(String), message: expect.stringMatching(/\S/) });
  });
});
