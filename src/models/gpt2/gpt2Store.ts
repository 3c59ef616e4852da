import { createStore } from 'zustand';
import { EngineError, GPT2_VOCAB_SIZE, loadGpt2Tokenizer, type Gpt2Config } from '../../engine';
import { setCheckpointLink } from './checkpointLink';
import { canOpenCheckpoints, Gpt2Client } from './gpt2Client';
import type { Gpt2LoadStage } from './gpt2Protocol';
import { Gpt2RunModel } from './gpt2RunModel';
import { fileSource, parseConfigText, planCheckpoint, urlSource, type CheckpointSource } from './readCheckpoint';

/*
 * The GPT-2 checkpoint this page has opened (one at a time), from the student's disk or a URL on this site:
 *
 *   none → reading (the safetensors header first: the memory check, then the weights, with progress)
 *        → preparing (in the worker: decoding, then packing for the kernels) → ready | error
 *
 * Nothing leaves the browser: the files are read here and handed to this page's worker.
 */

/** What the header and config said, shown while it loads and on the model card. */
export interface CheckpointSummary {
  readonly config: Gpt2Config;
  readonly memoryBytes: number;
  readonly fileBytes: number;
  readonly dtypes: string;
}

export type Gpt2State =
  | { readonly status: 'none' }
  | { readonly status: 'reading'; readonly source: string; readonly received: number; readonly total: number | null; readonly summary: CheckpointSummary | null }
  | { readonly status: 'preparing'; readonly source: string; readonly stage: Gpt2LoadStage; readonly summary: CheckpointSummary }
  | { readonly status: 'ready'; readonly source: string; readonly model: Gpt2RunModel; readonly summary: CheckpointSummary; readonly loadSeconds: number }
  | {
      readonly status: 'error';
      readonly source: string;
      /** Why, in English (what a log or a test reads). */
      readonly message: string;
      /** The common refusals, for the interface to say in the reader's language; null: `message` says it. */
      readonly reason: Gpt2Refusal | null;
    };

/** The refusals a student or an instructor meets most, with what the interface needs to say them in either language. */
export type Gpt2Refusal =
  | { readonly kind: 'files-missing'; readonly missing: 'weights' | 'config' | 'both' }
  | { readonly kind: 'other-site'; readonly link: string; readonly origin: string }
  | { readonly kind: 'too-big'; readonly needed: number; readonly limit: number }
  | { readonly kind: 'no-worker' }
  | { readonly kind: 'http'; readonly url: string; readonly status: number };

/** The refusal an error is, when it is one of the common ones (its details say so). */
function reasonOf(err: unknown): Gpt2Refusal | null {
  if (!(err instanceof EngineError)) return null;
  const { needed, limit, status, url, refusal } = err.details;
  if (typeof needed === 'number' && typeof limit === 'number') return { kind: 'too-big', needed, limit };
  if (typeof status === 'number' && typeof url === 'string') return { kind: 'http', url, status };
  if (refusal === 'no-worker') return { kind: 'no-worker' };
  return null;
}

function failed(source: string, err: unknown, name: string = source): Gpt2State {
  return { status: 'error', source, message: messageOf(err, name), reason: reasonOf(err) };
}

export const gpt2Store = createStore<Gpt2State>()(() => ({ status: 'none' }));

const setState = (state: Gpt2State): void => gpt2Store.setState(state, true);

let client: Gpt2Client | null = null;
/** Bumped by every open and close: an older open that finishes later changes nothing. */
let generation = 0;

/** Stops whatever was open or opening (its worker and the memory it holds): a new open, or a failed one, replaces it. */
function discard(): void {
  generation++;
  client?.terminate();
  client = null;
}

export function closeCheckpoint(): void {
  setCheckpointLink(null);
  discard();
  setState({ status: 'none' });
}

function messageOf(err: unknown, source: string): string {
  if (err instanceof EngineError) return err.message;
  const text = err instanceof Error ? err.message : String(err);
  return `Could not read ${source}: ${text}`;
}

/** Opens `safetensors` with its parsed config.json; the store says how it goes. Resolves when it is ready or failed. */
export async function openCheckpoint(safetensors: CheckpointSource, configJson: unknown, source: string): Promise<void> {
  const mine = ++generation;
  client?.terminate();
  client = null;
  const current = () => mine === generation;
  const started = performance.now();
  setState({ status: 'reading', source, received: 0, total: null, summary: null });
  try {
    if (!canOpenCheckpoints()) {
      throw new EngineError('invalid-argument', 'This page cannot start the worker that runs a checkpoint (an embedded widget script on another site cannot). Open it in the lab, or in the embed page.', { refusal: 'no-worker' });
    }
    const plan = await planCheckpoint(safetensors, configJson);
    if (!current()) return;
    // Said from config.json, before the weights are read: GPT-2's tokenizer is the only one this lab has for them.
    if (plan.config.vocabSize !== GPT2_VOCAB_SIZE) {
      throw new EngineError('shape-mismatch', `This checkpoint has ${plan.config.vocabSize.toLocaleString('en')} tokens but GPT-2's tokenizer has ${GPT2_VOCAB_SIZE.toLocaleString('en')}: it needs a tokenizer this lab does not have.`);
    }
    const summary: CheckpointSummary = { config: plan.config, memoryBytes: plan.memoryBytes, fileBytes: safetensors.size, dtypes: plan.dtypes };
    const total = safetensors.size < Number.MAX_SAFE_INTEGER ? safetensors.size : null;
    setState({ status: 'reading', source, received: 0, total, summary });
    const tokenizer = loadGpt2Tokenizer(); // its chunk loads while the weights are read
    let shown = 0;
    const bytes = await safetensors.readAll((received) => {
      // A state per ~1 % is enough for a progress bar, and cheap for a 500 MB file read in 64 KB chunks.
      if (current() && (received - shown > (total ?? 5e8) / 100 || received === total)) {
        shown = received;
        setState({ status: 'reading', source, received, total, summary });
      }
    });
    if (!current()) return;
    const worker = Gpt2Client.start();
    if (!worker) throw new EngineError('invalid-argument', 'The worker that runs a checkpoint could not start on this page.', { refusal: 'no-worker' });
    client = worker;
    setState({ status: 'preparing', source, stage: 'decoding', summary });
    await worker.load(bytes.buffer, configJson, (stage) => current() && setState({ status: 'preparing', source, stage, summary }));
    const gpt2 = await tokenizer;
    if (!current()) return;
    setState({ status: 'ready', source, model: new Gpt2RunModel(plan.config, gpt2, worker), summary, loadSeconds: (performance.now() - started) / 1000 });
  } catch (err) {
    if (!current()) return;
    client?.terminate();
    client = null;
    setState(failed(source, err));
  }
}

/** The two files a student chose: a .safetensors and a config.json (any order); a sentence when one is missing. */
export async function openCheckpointFiles(files: readonly File[]): Promise<void> {
  setCheckpointLink(null);
  const weights = files.find((f) => f.name.toLowerCase().endsWith('.safetensors'));
  const config = files.find((f) => f.name.toLowerCase().endsWith('.json'));
  if (!weights || !config) {
    discard();
    setState({
      status: 'error',
      source: files.map((f) => f.name).join(', ') || 'no file',
      message: `Choose both files of the checkpoint: ${weights ? '' : 'model.safetensors'}${!weights && !config ? ' and ' : ''}${config ? '' : 'config.json'} ${!weights && !config ? 'are' : 'is'} missing.`,
      reason: { kind: 'files-missing', missing: !weights && !config ? 'both' : weights ? 'config' : 'weights' },
    });
    return;
  }
  let configJson: unknown;
  try {
    configJson = parseConfigText(await config.text(), config.name);
  } catch (err) {
    discard();
    setState(failed(weights.name, err, config.name));
    return;
  }
  await openCheckpoint(fileSource(weights), configJson, weights.name);
}

/**
 * The URL of a checkpoint on this site: a model.safetensors (its config.json beside it) or the folder holding both.
 * null for another origin: a page may only open checkpoints its own site serves.
 */
export function checkpointUrls(raw: string, base: string): { safetensors: string; config: string } | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  const folder = url.pathname.endsWith('.safetensors') ? new URL('.', url) : new URL(url.pathname.endsWith('/') ? url.href : `${url.href}/`);
  const safetensors = url.pathname.endsWith('.safetensors') ? url.href : new URL('model.safetensors', folder).href;
  return { safetensors, config: new URL('config.json', folder).href };
}

export async function openCheckpointUrl(raw: string, base: string = document.baseURI, fetchFile: (url: string) => Promise<Response> = (u) => fetch(u)): Promise<void> {
  setCheckpointLink(raw);
  const urls = checkpointUrls(raw, base);
  if (!urls) {
    discard();
    const origin = new URL(base).origin;
    setState({
      status: 'error',
      source: raw,
      message: `"${raw}" is not a checkpoint on this site: a link may only open model.safetensors files that this site (${origin}) serves.`,
      reason: { kind: 'other-site', link: raw, origin },
    });
    return;
  }
  let configJson: unknown;
  let weights: CheckpointSource;
  try {
    const response = await fetchFile(urls.config);
    if (!response.ok) {
      throw new EngineError('invalid-argument', `${urls.config} answered HTTP ${response.status}: config.json must sit next to model.safetensors.`, { status: response.status, url: urls.config });
    }
    configJson = parseConfigText(await response.text(), urls.config);
    weights = await urlSource(urls.safetensors, fetchFile);
  } catch (err) {
    discard();
    setState(failed(urls.safetensors, err));
    return;
  }
  await openCheckpoint(weights, configJson, urls.safetensors);
}
