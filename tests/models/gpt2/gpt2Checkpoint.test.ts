import { act, renderHook, waitFor } from '@testing-library/react';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useLabComputationState } from '../../../src/run/useLabComputation';
import { CausalLmModel, gpt2WeightsFromCheckpoint, maxAbsDifference } from '../../../src/engine';
import { setGpt2WorkerFactory } from '../../../src/models/gpt2/gpt2Client';
import { gpt2Request, gpt2Runs, GPT2_TOKEN_LIMIT } from '../../../src/models/gpt2/gpt2Runs';
import type { Gpt2RunModel } from '../../../src/models/gpt2/gpt2RunModel';
import { checkpointUrls, closeCheckpoint, gpt2Store, openCheckpointFiles, openCheckpointUrl } from '../../../src/models/gpt2/gpt2Store';
import { labBaselineRun } from '../../../src/models/pipeline/labVariants';
import { FakeGpt2Worker, tinyCheckpoint, tinyConfig } from './fakeGpt2Worker';

let workers: FakeGpt2Worker[] = [];

beforeEach(() => {
  workers = [];
  setGpt2WorkerFactory(() => {
    const worker = new FakeGpt2Worker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
});

afterEach(() => {
  closeCheckpoint();
  setGpt2WorkerFactory(null);
  Reflect.deleteProperty(navigator, 'deviceMemory');
});

function files(config: Record<string, unknown> = tinyConfig(), weights: Uint8Array = tinyCheckpoint()): File[] {
  return [new File([weights.slice().buffer], 'model.safetensors'), new File([JSON.stringify(config)], 'config.json', { type: 'application/json' })];
}

async function openTiny(): Promise<Gpt2RunModel> {
  await openCheckpointFiles(files());
  const state = gpt2Store.getState();
  if (state.status !== 'ready') throw new Error(`not ready: ${JSON.stringify(state)}`);
  return state.model;
}

/** The same checkpoint run here, on this thread: what the worker's answers must equal. */
function localModel(): CausalLmModel {
  return new CausalLmModel(gpt2WeightsFromCheckpoint(tinyCheckpoint(), tinyConfig()));
}

describe('opening a GPT-2 checkpoint (worker stand-in: the real handler, messages copied as postMessage does)', () => {
  it('reads both files, says what it is, and ends ready with the config and GPT-2 tokenizer', async () => {
    const seen: string[] = [];
    const stop = gpt2Store.subscribe((s) => seen.push(s.status === 'preparing' ? `preparing:${s.stage}` : s.status));
    const model = await openTiny();
    stop();
    expect(seen[0]).toBe('reading');
    expect(seen).toContain('preparing:decoding');
    expect(seen).toContain('preparing:packing');
    expect(seen.at(-1)).toBe('ready');
    expect(model.weights).toEqual({ vocabSize: 50257, nPositions: 32, embedDim: 8, numHeads: 2, numLayers: 2 });
    const state = gpt2Store.getState();
    expect(state.status === 'ready' && state.summary.dtypes).toBe('F16');
    // float32 weights twice (the engine's and the kernels' copy)
    expect(state.status === 'ready' && state.summary.memoryBytes).toBe(2 * 4 * (50257 * 8 + 32 * 8 + 2 * (4 * 8 + 3 * 64 + 24 + 64 + 8 + 8 * 32 + 32 + 32 * 8 + 8) + 16));
    expect(model.tokenizer.encode('Hello world')).toEqual([15496, 995]);
  });

  it('runs in the worker what the engine computes here: same logits, same attention, lazy scores rebuilt on the page', async () => {
    const model = await openTiny();
    const runs = gpt2Runs(model);
    const request = gpt2Request(model, 'Hello world, hello world', { tokenLimit: GPT2_TOKEN_LIMIT });
    if (request instanceof Error) throw request;
    expect(runs.answer(request)).toBeNull(); // asked; the page keeps drawing what it has
    await waitFor(() => expect(runs.answer(request)).not.toBeNull());
    const result = runs.answer(request)!;
    if (!result.ok) throw result.error;
    if (result.kind !== 'causal_lm') throw new Error('not a language-model run');
    const local = localModel().runIds(request.ids, { tokenLimit: GPT2_TOKEN_LIMIT });
    expect(result.tokenIds).toEqual([50256, 15496, 995, 11, 23748, 995]);
    expect(result.tokens.map((t) => t.text)).toEqual(['⟨start⟩', 'Hello', ' world', ',', ' hello', ' world']);
    expect(maxAbsDifference(result.logits, local.logits)).toBeLessThan(1e-6);
    const head = result.layers[1].attention.heads[1];
    expect(maxAbsDifference(head.weights, local.layers[1].attention.heads[1].weights)).toBeLessThan(1e-7);
    // scores / masked were never copied: their getters are back, computed from q and k on the page.
    expect(maxAbsDifference(head.scores, local.layers[1].attention.heads[1].scores)).toBeLessThan(1e-5);
    expect(head.masked.data[1]).toBe(-Infinity); // query 0 may not read key 1 (causal)
    expect(result.model).toBe(model);
  });

  it('switching a head off: the answer carries the "before" (baseline) logits, and they are the unablated run', async () => {
    const model = await openTiny();
    const runs = gpt2Runs(model);
    const request = gpt2Request(model, 'The cat sat on the mat. The cat', { tokenLimit: GPT2_TOKEN_LIMIT, disabledHeads: [{ layer: 0, head: 1 }] });
    if (request instanceof Error) throw request;
    runs.answer(request);
    await waitFor(() => expect(runs.answer(request)).not.toBeNull());
    const result = runs.answer(request)!;
    if (!result.ok || result.kind !== 'causal_lm') throw new Error('no run');
    const local = localModel();
    const ablated = local.runIds(request.ids, { tokenLimit: GPT2_TOKEN_LIMIT, disabledHeads: [{ layer: 0, head: 1 }] });
    const plain = local.runIds(request.ids, { tokenLimit: GPT2_TOKEN_LIMIT });
    expect(maxAbsDifference(result.logits, ablated.logits)).toBeLessThan(1e-6);
    expect(maxAbsDifference(labBaselineRun(result).logits, plain.logits)).toBeLessThan(1e-6);
    expect(maxAbsDifference(ablated.logits, plain.logits)).toBeGreaterThan(1e-3); // the switch changed something
    expect([...result.disabledHeads[0]]).toEqual([1]);
  });

  it('asks one run at a time: while one runs, only the newest request waits (five keystrokes, two runs)', async () => {
    const model = await openTiny();
    const runs = gpt2Runs(model);
    const texts = ['a', 'ab', 'abc', 'abcd', 'abcde'];
    const requests = texts.map((text) => {
      const r = gpt2Request(model, text, { tokenLimit: GPT2_TOKEN_LIMIT });
      if (r instanceof Error) throw r;
      return r;
    });
    for (const r of requests) runs.answer(r);
    const last = requests.at(-1)!;
    await waitFor(() => expect(runs.answer(last)).not.toBeNull());
    const worker = workers.at(-1)!;
    // load, then the first request and the last: the three in between were superseded before they were sent.
    expect(worker.requests.filter((r) => r === 'run')).toHaveLength(2);
    // A kept answer comes back at once, without asking the worker again.
    const first = requests[0];
    expect(runs.answer(first)).not.toBeNull();
    expect(worker.requests.filter((r) => r === 'run')).toHaveLength(2);
  });

  it('a head switched off in layer 2 keeps layer 1 the same object on the page (its views need not redraw)', async () => {
    const model = await openTiny();
    const runs = gpt2Runs(model);
    const ask = async (disabledHeads: { layer: number; head: number }[]) => {
      const request = gpt2Request(model, 'one two three one two', { tokenLimit: GPT2_TOKEN_LIMIT, disabledHeads });
      if (request instanceof Error) throw request;
      runs.answer(request);
      await waitFor(() => expect(runs.answer(request)).not.toBeNull());
      const result = runs.answer(request)!;
      if (!result.ok) throw result.error;
      return result;
    };
    const plain = await ask([]);
    const ablated = await ask([{ layer: 1, head: 0 }]);
    expect(ablated.layers[0]).toBe(plain.layers[0]);
    expect(ablated.layers[1]).not.toBe(plain.layers[1]);
    // The baseline (every head on) is the plain run's layers, kept too.
    expect(ablated.baseline[1]).toBe(plain.layers[1]);
  });

  it('an empty text is the empty-text message, not a run', async () => {
    const model = await openTiny();
    const request = gpt2Request(model, '   ', { tokenLimit: GPT2_TOKEN_LIMIT });
    expect(request).toBeInstanceOf(Error);
    expect((request as Error).message).toMatch(/empty/);
  });
});

describe('refusing a checkpoint with a sentence, the lab kept working', () => {
  it('a config.json that does not belong to the weights', async () => {
    await openCheckpointFiles(files(tinyConfig({ n_layer: 3 })));
    const state = gpt2Store.getState();
    expect(state.status).toBe('error');
    expect(state.status === 'error' && state.message).toMatch(/"h\.2\.ln_1\.weight" is missing/);
    expect(workers.at(-1)?.terminated).toBe(true);
  });

  it('one of the two files missing, or config.json not JSON', async () => {
    await openCheckpointFiles([files()[0]]);
    expect(gpt2Store.getState()).toMatchObject({ status: 'error', message: expect.stringMatching(/config\.json is missing/), reason: { kind: 'files-missing', missing: 'config' } });
    await openCheckpointFiles([files()[0], new File(['{ not json'], 'config.json')]);
    expect(gpt2Store.getState()).toMatchObject({ status: 'error', message: expect.stringMatching(/config\.json is not JSON/) });
  });

  it('a failed attempt to open another checkpoint stops the open one’s worker (its memory is not kept)', async () => {
    await openTiny();
    const open = workers.at(-1)!;
    expect(open.terminated).toBe(false);
    await openCheckpointFiles([files()[1]]);
    expect(gpt2Store.getState()).toMatchObject({ status: 'error', reason: { kind: 'files-missing', missing: 'weights' } });
    expect(open.terminated).toBe(true);
  });

  it('a vocabulary that is not GPT-2’s, from config.json, before the weights are read', async () => {
    await openCheckpointFiles(files(tinyConfig({ vocab_size: 50258 })));
    expect(gpt2Store.getState()).toMatchObject({ status: 'error', message: expect.stringMatching(/has 50,258 tokens but GPT-2's tokenizer has 50,257/) });
    expect(workers).toHaveLength(0);
  });

  it('a truncated file, before any worker starts', async () => {
    const whole = tinyCheckpoint();
    await openCheckpointFiles(files(tinyConfig(), whole.subarray(0, whole.length - 1000)));
    expect(gpt2Store.getState()).toMatchObject({ status: 'error', message: expect.stringMatching(/cut short/) });
    expect(workers).toHaveLength(0);
  });

  it('a model that would not fit this device: refused from its header, with the memory it needs', async () => {
    Object.defineProperty(navigator, 'deviceMemory', { value: 0.001, configurable: true }); // 1 MB: half of it is the limit
    await openCheckpointFiles(files());
    expect(gpt2Store.getState()).toMatchObject({ status: 'error', message: expect.stringMatching(/needs about 0\.00 GB of memory here.*can use 0\.00 GB/), reason: { kind: 'too-big', limit: 0.001 * 1024 ** 3 / 2 } });
    expect(workers).toHaveLength(0);
  });

  it('a page that cannot start the worker (a widget script on another site) says so', async () => {
    setGpt2WorkerFactory(null);
    await openCheckpointFiles(files());
    expect(gpt2Store.getState()).toMatchObject({ status: 'error', message: expect.stringMatching(/cannot start the worker/), reason: { kind: 'no-worker' } });
  });
});

describe('a checkpoint from a URL: only this site', () => {
  const base = 'https://lab.example.edu/course/index.html';

  it('takes a folder or a model.safetensors URL on the same origin, config.json beside it', () => {
    expect(checkpointUrls('models/gpt2/', base)).toEqual({ safetensors: 'https://lab.example.edu/course/models/gpt2/model.safetensors', config: 'https://lab.example.edu/course/models/gpt2/config.json' });
    expect(checkpointUrls('models/gpt2', base)).toEqual({ safetensors: 'https://lab.example.edu/course/models/gpt2/model.safetensors', config: 'https://lab.example.edu/course/models/gpt2/config.json' });
    expect(checkpointUrls('/w/gpt2-small.safetensors', base)).toEqual({ safetensors: 'https://lab.example.edu/w/gpt2-small.safetensors', config: 'https://lab.example.edu/w/config.json' });
  });

  it('refuses another origin and other schemes', () => {
    expect(checkpointUrls('https://evil.example.com/model.safetensors', base)).toBeNull();
    expect(checkpointUrls('//evil.example.com/gpt2/', base)).toBeNull();
    expect(checkpointUrls('javascript:alert(1)', base)).toBeNull();
    expect(checkpointUrls('data:application/octet-stream;base64,AAAA', base)).toBeNull();
  });

  it('opens from a server, and says which file a 404 was', async () => {
    const weights = tinyCheckpoint();
    const serve = (url: string): Promise<Response> => {
      if (url.endsWith('/gpt2/config.json')) return Promise.resolve(new Response(JSON.stringify(tinyConfig())));
      if (url.endsWith('/gpt2/model.safetensors')) return Promise.resolve(new Response(weights.slice(), { headers: { 'content-length': String(weights.length) } }));
      return Promise.resolve(new Response('not found', { status: 404 }));
    };
    await openCheckpointUrl('gpt2/', base, serve);
    expect(gpt2Store.getState().status).toBe('ready');
    await openCheckpointUrl('elsewhere/', base, serve);
    expect(gpt2Store.getState()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/elsewhere\/config\.json answered HTTP 404/),
      reason: { kind: 'http', status: 404, url: 'https://lab.example.edu/course/elsewhere/config.json' },
    });
    await openCheckpointUrl('https://evil.example.com/gpt2/', base, serve);
    expect(gpt2Store.getState()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/not a checkpoint on this site/),
      reason: { kind: 'other-site', link: 'https://evil.example.com/gpt2/', origin: 'https://lab.example.edu' },
    });
  });
});

describe('the lab with GPT-2 chosen', () => {
  it('shows the untrained model until a checkpoint is open, then GPT-2: the last drawing stays, marked pending, until each answer', async () => {
    act(() => useLab.setState({ ...DEFAULT_SETTINGS, model: 'gpt2', text: 'Hello world' }));
    const { result } = renderHook(() => useLabComputationState());
    expect(result.current.result.ok && result.current.result.kind).toBe('encoder'); // nothing open: the stand-in
    await act(async () => {
      await openTiny();
    });
    await waitFor(() => expect(result.current.result.ok && result.current.result.kind).toBe('causal_lm'));
    expect(result.current.pending).toBe(false);
    const first = result.current.result;
    expect(first.ok && first.kind === 'causal_lm' && first.tokenIds).toEqual([50256, 15496, 995]);
    act(() => useLab.getState().toggleHead(1, 0));
    // Asked, not answered yet: the same drawing, pending.
    expect(result.current.pending).toBe(true);
    expect(result.current.result).toBe(first);
    await waitFor(() => expect(result.current.pending).toBe(false));
    const toggled = result.current.result;
    expect(toggled.ok && toggled.kind === 'causal_lm' && [...toggled.disabledHeads[1]]).toEqual([0]);
    // Back on: the kept answer, at once.
    act(() => useLab.getState().toggleHead(1, 0));
    expect(result.current.pending).toBe(false);
    expect(result.current.result).toBe(first);
  });
});
