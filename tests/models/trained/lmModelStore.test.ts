// The trained model's download: progress while it arrives, the model once it is parsed, and for each failure the
// reason the lab shows (network, broken file, a file of another shape) — after which a new attempt is possible.
import { buildVocabulary, CausalLmModel, type CausalLmWeights } from '../../../src/engine';
import { ensureTrainedModel, lmModelStore, modelUrl, setModelBase, type LmLoadState } from '../../../src/models/trained/lmModelStore';
import { TRAINED_SHAPE } from '../../../src/models/trained/trainedShape';
import { loadLmFixture } from '../../engine/lm/causalLmSupport';
import { modelFileBytes } from '../../engine/lm/modelFileBytes';

const vocabulary = buildVocabulary(['The cat sat on the mat.', '我爱北京。'], { size: 300 });

/** The fixture's model with this vocabulary (2 layers × 4 heads: the app's trained shape except the width). */
function weights(): CausalLmWeights {
  const base = loadLmFixture('causal_lm_ablated.json').weights;
  const size = vocabulary.tokens.length;
  const e = base.embedDim;
  const wte = new Float32Array(size * e).map((_, i) => base.wte.data[i % base.wte.data.length]);
  return { ...base, vocabSize: size, wte: { rows: size, cols: e, data: wte }, tiedEmbeddings: true, lmHead: undefined };
}

/** A Response whose body arrives in `chunks` pieces, with or without a Content-Length. */
function response(bytes: ArrayBuffer, { chunks = 3, length = true, status = 200 } = {}): Response {
  const all = new Uint8Array(bytes);
  const size = Math.ceil(all.length / chunks);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < all.length; i += size) controller.enqueue(all.slice(i, i + size));
      controller.close();
    },
  });
  return new Response(body, { status, headers: length ? { 'content-length': String(all.length) } : {} });
}

const seen: LmLoadState[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  lmModelStore.setState({ status: 'idle' }, true);
  seen.length = 0;
  unsubscribe = lmModelStore.subscribe((s) => seen.push(s));
});
afterEach(() => unsubscribe());

describe('ensureTrainedModel', () => {
  it('reports progress, then refuses a file whose shape is not the app’s trained shape', async () => {
    const w = weights();
    await ensureTrainedModel(async () => response(modelFileBytes(w, vocabulary)));
    const loading = seen.filter((s) => s.status === 'loading');
    expect(loading.length).toBeGreaterThanOrEqual(3);
    const last = loading.at(-1);
    expect(last?.status === 'loading' && last.received === last.total).toBe(true);
    const state = lmModelStore.getState();
    // The fixture is 2 × 4 but not TRAINED_SHAPE's width: refused rather than shown with the wrong controls.
    expect(w.embedDim).not.toBe(TRAINED_SHAPE.embedDim);
    expect(state).toMatchObject({ status: 'error', reason: 'mismatch' });
  });

  it('says network for a 404 or a failed fetch, broken for a damaged file; a later call tries again', async () => {
    await ensureTrainedModel(async () => new Response('not found', { status: 404 }));
    // A server that answered keeps its status: a custom element tells "not found" from "refused" by it.
    expect(lmModelStore.getState()).toMatchObject({ status: 'error', reason: 'network', detail: 'HTTP 404', httpStatus: 404 });
    await ensureTrainedModel(async () => new Response('oops', { status: 500 }));
    expect(lmModelStore.getState()).toMatchObject({ status: 'error', reason: 'network', httpStatus: 500 });
    // A fetch refused by CORS (or offline) rejects with a TypeError and no status at all.
    await ensureTrainedModel(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(lmModelStore.getState()).toMatchObject({ status: 'error', reason: 'network', detail: 'Failed to fetch' });
    expect(lmModelStore.getState()).not.toHaveProperty('httpStatus');
    await ensureTrainedModel(async () => response(new TextEncoder().encode('<!doctype html>').buffer, { length: false }));
    expect(lmModelStore.getState()).toMatchObject({ status: 'error', reason: 'broken' });
    const state = lmModelStore.getState();
    expect(state.status === 'error' && state.detail).toMatch(/does not start with ATTNLM01/);
  });

  it('loads a file of the trained shape once, and then does nothing', async () => {
    const base = weights();
    // Stretch the fixture to the trained width so the shape check passes: the numbers do not matter here.
    const e = TRAINED_SHAPE.embedDim;
    const grow = (rows: number, cols: number) => ({ rows, cols, data: new Float32Array(rows * cols).map((_, i) => ((i * 7919) % 13) / 100 - 0.06) });
    const vec = (n: number, v = 0) => new Float32Array(n).fill(v);
    const block = {
      ln1: { weight: vec(e, 1), bias: vec(e), eps: 1e-5 },
      attention: { embedDim: e, numHeads: 4, wQ: grow(e, e), wK: grow(e, e), wV: grow(e, e), bQ: vec(e), bK: vec(e), bV: vec(e), wO: grow(e, e), bO: vec(e) },
      ln2: { weight: vec(e, 1), bias: vec(e), eps: 1e-5 },
      fc: { weight: grow(2 * e, e), bias: vec(2 * e) },
      proj: { weight: grow(e, 2 * e), bias: vec(e) },
    };
    const w: CausalLmWeights = {
      ...base, embedDim: e, numHeads: 4, numLayers: 2, ffnDim: 2 * e, nPositions: 16,
      wte: grow(base.vocabSize, e), wpe: grow(16, e), layers: [block, block], lnf: { weight: vec(e, 1), bias: vec(e), eps: 1e-5 },
    };
    let calls = 0;
    const fetchFile = async () => {
      calls++;
      return response(modelFileBytes(w, vocabulary), { length: false });
    };
    await ensureTrainedModel(fetchFile);
    const state = lmModelStore.getState();
    expect(state.status).toBe('ready');
    expect(state.status === 'ready' && state.trained.model).toBeInstanceOf(CausalLmModel);
    // Without a Content-Length the progress has bytes but no total.
    expect(seen.some((s) => s.status === 'loading' && s.total === null && s.received > 0)).toBe(true);
    await ensureTrainedModel(fetchFile);
    expect(calls).toBe(1);
  });
});

describe('modelUrl', () => {
  it('resolves against the page, or against the custom-element script when it says where it is', () => {
    expect(modelUrl()).toBe(new URL('models/lm/model.bin', document.baseURI).href);
    setModelBase('https://lab.example.org/tools/attention-lab-widgets.js');
    expect(modelUrl()).toBe('https://lab.example.org/tools/models/lm/model.bin');
  });
});
