/*
 * The Web Worker that holds an opened GPT-2 checkpoint and runs it (messages: gpt2Protocol.ts). A forward pass of
 * GPT-2 small at 64 tokens is about 0.5 s of CPU and loading it several seconds: here they never hold the page.
 * Runs answer in the order asked; the induction probe runs one sequence at a time between them, so a student's
 * toggle waits for at most one probe pass.
 */
import {
  activeBackend,
  CausalLmModel,
  detachLmRun,
  enableFastAttention,
  EngineError,
  gpt2WeightsFromCheckpoint,
  inductionSettingsFor,
  InductionScoring,
  parseGpt2Config,
} from '../../engine';
import type { Gpt2Reply, Gpt2Request } from './gpt2Protocol';

/** The part of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib, not the worker lib). */
interface WorkerScope {
  postMessage(message: Gpt2Reply): void;
  onmessage: ((message: MessageEvent<Gpt2Request>) => void) | null;
}

const scope = self as unknown as WorkerScope;
let model: CausalLmModel | null = null;
let probing = false;

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

async function load(safetensors: ArrayBuffer, config: unknown): Promise<void> {
  // The same kernels as the page: without SIMD the TypeScript engine gives the same numbers, more slowly.
  await enableFastAttention().catch(() => false);
  scope.postMessage({ type: 'progress', stage: 'decoding' });
  const weights = gpt2WeightsFromCheckpoint(new Uint8Array(safetensors), config);
  model = new CausalLmModel(weights);
  scope.postMessage({ type: 'progress', stage: 'packing' });
  // The first run packs every block's weights into the kernels' memory (seconds for GPT-2 small): do it now, on one
  // token, so that the student's first run is only a run.
  model.runIds([weights.vocabSize - 1]);
  scope.postMessage({ type: 'loaded', config: parseGpt2Config(config), backend: activeBackend().name });
}

function run(request: Extract<Gpt2Request, { type: 'run' }>): void {
  if (!model) throw new EngineError('invalid-argument', 'No GPT-2 checkpoint is open.');
  const started = performance.now();
  const result = model.runIds(request.ids, request.options, request.text);
  const detached = detachLmRun(result);
  // "Before": the model as trained (every head on, positions, its causal mask, nothing masked), same tokens.
  const baselineLogits = request.baseline ? detachLmRun(model.runIds(request.ids, { tokenLimit: request.options.tokenLimit }, request.text)).logits : null;
  scope.postMessage({ type: 'ran', id: request.id, run: detached, baselineLogits, ms: performance.now() - started });
}

function probe(): void {
  if (!model || probing) return;
  probing = true;
  const scoring = new InductionScoring(model.variant('head-probes'), inductionSettingsFor(model.weights.nPositions));
  const step = (): void => {
    try {
      if (scoring.step()) {
        setTimeout(step, 0); // lets a waiting run message in between two probe passes
        return;
      }
      const scores = scoring.scores();
      if (!scores) throw new EngineError('invalid-argument', 'The induction probe ended without scores.');
      scope.postMessage({ type: 'probed', scores: scores.map((layer) => [...layer]) });
    } catch (err) {
      scope.postMessage({ type: 'probe-failed', message: messageOf(err) });
    }
  };
  setTimeout(step, 0);
}

scope.onmessage = (message) => {
  const request = message.data;
  if (request.type === 'load') {
    load(request.safetensors, request.config).catch((err: unknown) => scope.postMessage({ type: 'load-failed', message: messageOf(err) }));
  } else if (request.type === 'run') {
    try {
      run(request);
    } catch (err) {
      scope.postMessage({ type: 'run-failed', id: request.id, message: messageOf(err) });
    }
  } else {
    probe();
  }
};
