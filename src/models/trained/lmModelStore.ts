import { createStore } from 'zustand';
import { createLmTokenizer, EngineError, fastAttentionEnabled, trainedModelFromBytes, trainedModelFromFile, type LmModelConfig, type LmModelFile, type TrainedModel } from '../../engine';
import { fitsTrainedShape, TRAINED_SHAPE } from './trainedShape';
import { contentLength, readBodyWithProgress } from '../pipeline/readBody';
import { decodeOffThread } from './modelFileOffThread';

/**
 * The trained model's file, fetched once per page when a view first asks for it (the lab is usable before: it runs
 * the untrained model and says the trained one is loading). One store for the page: custom elements share it, so
 * five widgets on a course page download the file once.
 */
export type LmLoadState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly received: number; readonly total: number | null }
  | {
      readonly status: 'ready';
      readonly trained: TrainedModel;
      /** The file as fetched: the induction probe's worker builds its own copy of the model from it. */
      readonly bytes?: ArrayBuffer;
    }
  | {
      readonly status: 'error';
      readonly reason: LmLoadFailure;
      readonly detail: string;
      /**
       * For 'network': the HTTP status when a server answered with an error (404: the file is not there). Absent
       * when the request itself failed (a TypeError: refused by CORS, offline, no server), which a page cannot
       * tell apart: the browser keeps why a cross-origin request failed from the page.
       */
      readonly httpStatus?: number;
    };

/** Why the file could not be used: not fetched (offline, refused, 404), or fetched but not a model this app can run. */
export type LmLoadFailure = 'network' | 'broken' | 'mismatch';

/** The file, relative to the folder that holds index.html, embed.html and attention-lab-widgets.js. */
export const MODEL_PATH = 'models/lm/model.bin';

// The app and embed.html resolve it against the page (document.baseURI: the build's folder, whatever sub-folder an
// instructor hosts it in). The custom-element script runs inside another site's page, so it names its own folder.
let modelBase: string | null = null;

/** Makes MODEL_PATH resolve against `base` (the custom-element script's URL) instead of the page's. */
export function setModelBase(base: string): void {
  modelBase = base;
}

export function modelUrl(): string {
  return new URL(MODEL_PATH, modelBase ?? document.baseURI).href;
}

export const lmModelStore = createStore<LmLoadState>()(() => ({ status: 'idle' }));

/** Replaces the state whole: a merge would carry one state's fields into the next (an old httpStatus into a new error). */
const setLoadState = (state: LmLoadState): void => lmModelStore.setState(state, true);

type Fetch = (url: string) => Promise<Response>;

/** The longest stretch of building the model on the page before it lets other tasks run, ms. */
const SLICE_MS = 8;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The model from a file the worker decoded, built on the page between tasks: its tokenizer, the model (its weights
 * checked), then its weights packed for the kernels in slices of a few ms (CausalLmModel.prepareBackend), so that
 * neither this nor the first run holds the page for long.
 */
async function builtBetweenTasks(file: LmModelFile): Promise<TrainedModel> {
  // The worker's parse checked the vocabulary (parseVocabulary); this copy of it is not scanned again.
  const tokenizer = createLmTokenizer(file.vocabulary, { checked: true });
  await nextTask();
  const trained = trainedModelFromFile(file, tokenizer);
  await nextTask();
  const steps = trained.model.prepareBackend();
  let sliceStart = performance.now();
  while (!steps.next().done) {
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await nextTask();
    sliceStart = performance.now();
  }
  await nextTask(); // the lab's first drawing with the model ('ready') starts a task of its own
  return trained;
}

function mismatch(c: LmModelConfig): LmLoadState {
  return { status: 'error', reason: 'mismatch', detail: `${c.num_layers}×${c.num_heads} heads, width ${c.embed_dim}; this app expects ${TRAINED_SHAPE.numLayers}×${TRAINED_SHAPE.numHeads}, width ${TRAINED_SHAPE.embedDim}` };
}

/**
 * Loads the file into `lmModelStore` unless it is loading or loaded; after an error, a new call tries again. The
 * file is decoded in a worker where the page has one (modelFileOffThread.ts), else here.
 */
export async function ensureTrainedModel(fetchFile: Fetch = (url) => fetch(url)): Promise<void> {
  const state = lmModelStore.getState();
  if (state.status === 'loading' || state.status === 'ready') return;
  setLoadState({ status: 'loading', received: 0, total: null });
  let buffer: ArrayBuffer;
  try {
    const response = await fetchFile(modelUrl());
    if (!response.ok) {
      setLoadState({ status: 'error', reason: 'network', detail: `HTTP ${response.status}`, httpStatus: response.status });
      return;
    }
    const total = contentLength(response);
    buffer = (await readBodyWithProgress(response, (received) => setLoadState({ status: 'loading', received, total }))).buffer;
  } catch (err) {
    setLoadState({ status: 'error', reason: 'network', detail: err instanceof Error ? err.message : String(err) });
    return;
  }
  try {
    const decoded = await decodeOffThread(buffer, fastAttentionEnabled());
    if (decoded && !fitsTrainedShape(decoded.header.config)) {
      setLoadState(mismatch(decoded.header.config));
      return;
    }
    const trained = decoded ? await builtBetweenTasks(decoded) : trainedModelFromBytes(buffer);
    if (!fitsTrainedShape(trained.header.config)) {
      setLoadState(mismatch(trained.header.config));
      return;
    }
    setLoadState({ status: 'ready', trained, bytes: buffer });
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    setLoadState({ status: 'error', reason: 'broken', detail: err.message });
  }
}
