/*
 * What the GPT-2 worker does with each message (gpt2Protocol.ts), apart from the worker itself (gpt2Worker.ts wires
 * it to `self`; tests wire it to a stand-in worker). A forward pass of GPT-2 small at 64 tokens is about 0.5 s of CPU
 * and loading it several seconds: in a worker they never hold the page. Runs answer in the order asked; the induction
 * probe runs one sequence at a time between them, so a student's toggle waits for at most one probe pass.
 */
import {
  CausalLmModel,
  copyForTransfer,
  detachLmRun,
  EngineError,
  gpt2WeightsFromCheckpoint,
  inductionSettingsFor,
  InductionScoring,
  LayerTraceIds,
} from '../../engine';
import { answerInOrder, type Computed } from '../pipeline/workerCalls';
import type { Gpt2LoadStage, Gpt2Reply, Gpt2Request, Gpt2Value } from './gpt2Protocol';

/** A handler for the worker's requests that answers through `post` (the one worker protocol); it holds the model between them. */
export function gpt2WorkerHandler(post: (reply: Gpt2Reply, transfer?: Transferable[]) => void): (request: Gpt2Request) => void {
  let model: CausalLmModel | null = null;
  let probing: Promise<Computed<Gpt2Value>> | null = null;
  // The same number for the same layer trace (a stage the model's cache kept): the page keeps its copy of it.
  const layerIds = new LayerTraceIds();

  async function load(safetensors: ArrayBuffer, config: unknown, progress: (stage: Gpt2LoadStage) => void): Promise<Computed<Gpt2Value>> {
    progress('decoding');
    const weights = gpt2WeightsFromCheckpoint(new Uint8Array(safetensors), config);
    model = new CausalLmModel(weights);
    progress('packing');
    // The first run packs every block's weights into the kernels' memory (seconds for GPT-2 small): do it now, on one
    // token, so that the student's first run is only a run.
    model.runIds([weights.vocabSize - 1]);
    return { value: { type: 'loaded' }, transfer: [] };
  }

  function run(request: Extract<Gpt2Request, { type: 'run' }>): Computed<Gpt2Value> {
    if (!model) throw new EngineError('invalid-argument', 'No GPT-2 checkpoint is open.');
    const result = model.runIds(request.ids, request.options, request.text);
    const detached = detachLmRun(result, layerIds, new Set(request.have));
    // "Before": the model as trained (every head on, positions, its causal mask, nothing masked), same tokens.
    const baselineLogits = request.baseline ? detachLmRun(model.runIds(request.ids, { tokenLimit: request.options.tokenLimit }, request.text)).logits : null;
    // Copied here into buffers of their own and transferred: the page receives tens of MB without copying them.
    const { value, transfer } = copyForTransfer({ run: detached, baselineLogits });
    return { value: { type: 'ran', ...value }, transfer };
  }

  /** One probe pass at a time, a task each, so a waiting run message gets in between two passes. */
  function probe(): Promise<Computed<Gpt2Value>> {
    if (!model) return Promise.reject(new EngineError('invalid-argument', 'No GPT-2 checkpoint is open.'));
    const scoring = new InductionScoring(model.variant('head-probes'), inductionSettingsFor(model.weights.nPositions));
    return new Promise((resolve, reject) => {
      const step = (): void => {
        try {
          if (scoring.step()) {
            setTimeout(step, 0);
            return;
          }
          const scores = scoring.scores();
          if (!scores) throw new EngineError('invalid-argument', 'The induction probe ended without scores.');
          resolve({ value: { type: 'probed', scores: scores.map((layer) => [...layer]) }, transfer: [] });
        } catch (err) {
          reject(err);
        }
      };
      setTimeout(step, 0);
    });
  }

  return answerInOrder<Gpt2Request, Gpt2Value, Gpt2LoadStage>((request, progress) => {
    if (request.type === 'load') return load(request.safetensors, request.config, progress);
    if (request.type === 'run') return run(request);
    probing ??= probe();
    return probing;
  }, post);
}
