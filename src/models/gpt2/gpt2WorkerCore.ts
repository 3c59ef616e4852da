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
  enableFastAttention,
  EngineError,
  gpt2WeightsFromCheckpoint,
  inductionSettingsFor,
  InductionScoring,
  LayerTraceIds,
} from '../../engine';
import type { Gpt2Reply, Gpt2Request } from './gpt2Protocol';

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A handler for the worker's messages that answers through `post`; it holds the model between messages. */
export function gpt2WorkerHandler(post: (reply: Gpt2Reply, transfer?: Transferable[]) => void): (request: Gpt2Request) => void {
  let model: CausalLmModel | null = null;
  let probing = false;
  // The same number for the same layer trace (a stage the model's cache kept): the page keeps its copy of it.
  const layerIds = new LayerTraceIds();

  async function load(safetensors: ArrayBuffer, config: unknown): Promise<void> {
    // The same kernels as the page: without SIMD the TypeScript engine gives the same numbers, more slowly.
    await enableFastAttention().catch(() => false);
    post({ type: 'progress', stage: 'decoding' });
    const weights = gpt2WeightsFromCheckpoint(new Uint8Array(safetensors), config);
    model = new CausalLmModel(weights);
    post({ type: 'progress', stage: 'packing' });
    // The first run packs every block's weights into the kernels' memory (seconds for GPT-2 small): do it now, on one
    // token, so that the student's first run is only a run.
    model.runIds([weights.vocabSize - 1]);
    post({ type: 'loaded' });
  }

  function run(request: Extract<Gpt2Request, { type: 'run' }>): void {
    if (!model) throw new EngineError('invalid-argument', 'No GPT-2 checkpoint is open.');
    const result = model.runIds(request.ids, request.options, request.text);
    const detached = detachLmRun(result, layerIds, new Set(request.have));
    // "Before": the model as trained (every head on, positions, its causal mask, nothing masked), same tokens.
    const baselineLogits = request.baseline ? detachLmRun(model.runIds(request.ids, { tokenLimit: request.options.tokenLimit }, request.text)).logits : null;
    // Copied here into buffers of their own and transferred: the page receives tens of MB without copying them.
    const { value, transfer } = copyForTransfer({ run: detached, baselineLogits });
    post({ type: 'ran', id: request.id, ...value }, transfer);
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
        post({ type: 'probed', scores: scores.map((layer) => [...layer]) });
      } catch (err) {
        post({ type: 'probe-failed', message: messageOf(err) });
      }
    };
    setTimeout(step, 0);
  }

  return (request) => {
    if (request.type === 'load') {
      load(request.safetensors, request.config).catch((err: unknown) => post({ type: 'load-failed', message: messageOf(err) }));
    } else if (request.type === 'run') {
      try {
        run(request);
      } catch (err) {
        post({ type: 'run-failed', id: request.id, message: messageOf(err) });
      }
    } else {
      probe();
    }
  };
}
