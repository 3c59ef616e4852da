/*
 * The Web Worker entry of the trained model's induction probe (src/models/trained/probeOffThread.ts starts it): 64 forward
 * passes, a few seconds of CPU, off the page's thread. One message in, one out:
 *
 *   page → worker  { bytes: ArrayBuffer }                   the model file, as the page fetched it
 *   worker → page  { scores: number[][] } | { failed: string }   [layer][head] induction scores, or why not
 */
import { enableFastAttention, EngineError, inductionSettingsFor, InductionScoring, trainedModelFromBytes } from '../../engine';

interface ProbeRequest {
  readonly bytes: ArrayBuffer;
}

export type ProbeReply = { readonly scores: number[][] } | { readonly failed: string };

/** The part of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib, not the worker lib). */
interface WorkerScope {
  postMessage(message: ProbeReply): void;
  onmessage: ((message: MessageEvent<ProbeRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;

async function probe(bytes: ArrayBuffer): Promise<number[][]> {
  // The same kernels as the page: without SIMD (or where they fail) the TypeScript engine gives the same scores.
  await enableFastAttention().catch(() => false);
  const { model } = trainedModelFromBytes(bytes);
  const scoring = new InductionScoring(model, inductionSettingsFor(model.weights.nPositions));
  while (scoring.step());
  const scores = scoring.scores();
  if (!scores) throw new EngineError('invalid-argument', 'The induction probe ended without scores.');
  return scores.map((layer) => [...layer]);
}

scope.onmessage = (message) => {
  probe(message.data.bytes).then(
    (scores) => scope.postMessage({ scores }),
    (err: unknown) => scope.postMessage({ failed: err instanceof Error ? err.message : String(err) }),
  );
};
