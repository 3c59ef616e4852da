// @vitest-environment node
// The trained model's file decoded in a worker (src/models/trained/modelFileWorkerCore.ts), its weights transferred
// to the page and the model built there (lmModelStore.ts), must be the model the page builds itself
// (trainedModelFromBytes): every weight equal to the bit, with the kernels and without, and a run's logits equal,
// whether its weights were packed ahead in slices (CausalLmModel.prepareBackend) or by the run itself.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createLmTokenizer,
  disableFastAttention,
  enableFastAttention,
  fastAttentionEnabled,
  NO_MASK,
  trainedModelFromBytes,
  trainedModelFromFile,
  type CausalLmModel,
  type LmModelFile,
} from '../../../src/engine';
import { decodeModelFile, modelFileWorkerHandler, type DecodeAnswer, type DecodeRequest } from '../../../src/models/trained/modelFileWorkerCore';
import { decodeOffThread, setModelFileWorkerFactory } from '../../../src/models/trained/modelFileOffThread';
import { ensureTrainedModel, lmModelStore, setModelBase } from '../../../src/models/trained/lmModelStore';

const file = readFileSync(resolve(__dirname, '../../../public/models/lm/model.bin'));
const bytes = (): ArrayBuffer => file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;

/** What the page receives: the worker's answer through a structured clone, its buffers transferred. */
function throughWorker(onKernels: boolean): LmModelFile {
  const { value, transfer } = decodeModelFile({ id: 1, bytes: bytes(), onKernels });
  if (!value) throw new Error('the worker declined');
  const received = structuredClone(value, { transfer });
  // Transferred, not copied: the worker's arrays are detached.
  expect(value.weights.wte.data.length).toBe(0);
  return received;
}

/** Every typed array under two objects of the same shape, paired by path. */
function arraysOf(value: unknown, path = 'weights', out: [string, Float32Array][] = []): [string, Float32Array][] {
  if (value instanceof Float32Array) out.push([path, value]);
  else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) arraysOf(inner, `${path}.${key}`, out);
  return out;
}

function expectSameBits(a: unknown, b: unknown): void {
  const left = arraysOf(a);
  const right = arraysOf(b);
  expect(right.map(([path]) => path)).toEqual(left.map(([path]) => path));
  expect(left.length).toBeGreaterThan(20);
  left.forEach(([path, x], i) => {
    const y = right[i][1];
    expect(y.length, path).toBe(x.length);
    // Bit patterns, so that -0 / 0 and NaN payloads count too.
    expect(Buffer.compare(Buffer.from(x.buffer, x.byteOffset, x.byteLength), Buffer.from(y.buffer, y.byteOffset, y.byteLength)), path).toBe(0);
  });
}

const TEXT = 'The little girl walked to the old house by the river and 我爱北京。';

function logitsOf(model: CausalLmModel): Float32Array {
  const run = model.run({ text: TEXT, tokenLimit: 128, positionalEncoding: true, mask: NO_MASK, disabledHeads: [] });
  expect(run.tokenIds.length).toBeGreaterThan(10);
  return Float32Array.from(run.logits.data);
}

afterAll(() => disableFastAttention());

describe('the trained model decoded in a worker', () => {
  it.each([
    ['with the kernels', true],
    ['without them', false],
  ])('equals the page’s own decoding to the bit, %s, and runs to the same logits', async (_, onKernels) => {
    if (onKernels) await enableFastAttention();
    else disableFastAttention();
    expect(fastAttentionEnabled()).toBe(onKernels);
    const onPage = trainedModelFromBytes(bytes());
    const received = throughWorker(onKernels);
    const built = trainedModelFromFile(received, createLmTokenizer(received.vocabulary, { checked: true }));
    expectSameBits(onPage.model.weights, built.model.weights);
    expect(built.header).toEqual(onPage.header);
    expect(built.model.tokenizer?.encode(TEXT)).toEqual(onPage.model.tokenizer?.encode(TEXT));
    // The page's model packs its weights on its first run; the other packs them ahead, in slices.
    let steps = 0;
    for (const step = built.model.prepareBackend(); !step.next().done; ) steps++;
    if (onKernels) expect(steps).toBeGreaterThan(10); // 2 per layer and 13 slices of the 53,248-row output embedding
    else expect(steps).toBe(0);
    const expected = logitsOf(onPage.model);
    const actual = logitsOf(built.model);
    expect(Buffer.compare(Buffer.from(expected.buffer), Buffer.from(actual.buffer))).toBe(0);
  });

  it('declines when the page has the kernels and the worker does not (the page then decodes)', () => {
    disableFastAttention();
    expect(decodeModelFile({ id: 1, bytes: bytes(), onKernels: true })).toEqual({ value: null, transfer: [] });
  });
});

/** A stand-in Worker that runs the worker's handler here, with structured clones both ways (or crashes). */
function inProcessWorker(crash = false) {
  const worker = {
    onmessage: null as ((m: MessageEvent<DecodeAnswer>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    terminated: false,
    handle: modelFileWorkerHandler((reply, transfer) => {
      const data = structuredClone(reply, { transfer: transfer ?? [] });
      setTimeout(() => worker.onmessage?.({ data } as MessageEvent<DecodeAnswer>), 0);
    }),
    postMessage(request: DecodeRequest) {
      if (crash) setTimeout(() => worker.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent), 0);
      else worker.handle(structuredClone(request));
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

describe('decodeOffThread', () => {
  afterAll(() => setModelFileWorkerFactory(null));

  it('is null without a worker; the page keeps its bytes; a damaged file rejects with the engine’s error; a crash is null', async () => {
    disableFastAttention();
    setModelFileWorkerFactory(null);
    expect(await decodeOffThread(bytes(), false)).toBeNull();

    const workers: ReturnType<typeof inProcessWorker>[] = [];
    setModelFileWorkerFactory(() => {
      const worker = inProcessWorker();
      workers.push(worker);
      return worker as unknown as Worker;
    });
    const sent = bytes();
    const decoded = await decodeOffThread(sent, false);
    expect(decoded?.weights.vocabSize).toBe(trainedModelFromBytes(bytes()).model.vocabSize);
    expect(sent.byteLength).toBe(file.byteLength); // copied to the worker, not transferred
    expect(workers[0].terminated).toBe(true); // one file, one worker: stopped once it answered

    let pageError: unknown;
    try {
      trainedModelFromBytes(new TextEncoder().encode('<!doctype html>').buffer);
    } catch (err) {
      pageError = err;
    }
    await expect(decodeOffThread(new TextEncoder().encode('<!doctype html>').buffer, false)).rejects.toEqual(pageError);

    setModelFileWorkerFactory(() => inProcessWorker(true) as unknown as Worker);
    expect(await decodeOffThread(bytes(), false)).toBeNull();
  });
});

describe('ensureTrainedModel with a worker', () => {
  afterAll(() => setModelFileWorkerFactory(null));

  it('goes through the same states to the page’s own model, and says broken in the page’s words', async () => {
    await enableFastAttention();
    setModelBase('https://lab.example.org/attention-lab-widgets.js'); // no document here
    setModelFileWorkerFactory(() => inProcessWorker() as unknown as Worker);
    lmModelStore.setState({ status: 'idle' }, true);
    const seen: string[] = [];
    const unsubscribe = lmModelStore.subscribe((state) => seen.push(state.status));
    await ensureTrainedModel(async () => new Response(bytes()));
    const state = lmModelStore.getState();
    expect(state.status).toBe('ready');
    if (state.status !== 'ready') return;
    expect(state.bytes?.byteLength).toBe(file.byteLength); // kept for the probe's and generation's workers
    expect(new Set(seen)).toEqual(new Set(['loading', 'ready']));
    expect(seen.at(-1)).toBe('ready');
    expect(seen.indexOf('ready')).toBe(seen.length - 1);
    const onPage = trainedModelFromBytes(bytes());
    expectSameBits(onPage.model.weights, state.trained.model.weights);
    expect(Buffer.compare(Buffer.from(logitsOf(onPage.model).buffer), Buffer.from(logitsOf(state.trained.model).buffer))).toBe(0);

    lmModelStore.setState({ status: 'idle' }, true);
    await ensureTrainedModel(async () => new Response('<!doctype html><p>not a model</p>'));
    expect(lmModelStore.getState()).toMatchObject({ status: 'error', reason: 'broken' });
    const broken = lmModelStore.getState();
    expect(broken.status === 'error' && broken.detail).toMatch(/does not start with ATTNLM01/);
    unsubscribe();
    lmModelStore.setState({ status: 'idle' }, true);
  });
});
