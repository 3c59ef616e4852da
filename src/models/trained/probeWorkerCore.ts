/*
 * What the trained model's probe worker does (probeWorker.ts wires it to `self`; tests wire it to a stand-in), in the
 * one worker protocol (pipeline/workerCalls.ts): 64 forward passes of the induction probe, a few seconds of CPU, off
 * the page's thread.
 *
 *   probe   { bytes: the model file, as the page fetched it }  →  [layer][head] induction scores
 */
import { EngineError, inductionSettingsFor, InductionScoring, trainedModelFromBytes } from '../../engine';
import { answerInOrder, type WorkerAnswer, type WorkerRequest } from '../pipeline/workerCalls';

export interface ProbeRequest extends WorkerRequest {
  readonly bytes: ArrayBuffer;
}

export type ProbeReply = WorkerAnswer<number[][]>;

/** A handler for the worker's requests that answers through `post`. */
export function probeWorkerHandler(post: (reply: ProbeReply, transfer?: Transferable[]) => void): (request: ProbeRequest) => void {
  return answerInOrder((request: ProbeRequest) => {
    const { model } = trainedModelFromBytes(request.bytes);
    const scoring = new InductionScoring(model, inductionSettingsFor(model.weights.nPositions));
    while (scoring.step());
    const scores = scoring.scores();
    if (!scores) throw new EngineError('invalid-argument', 'The induction probe ended without scores.');
    return { value: scores.map((layer) => [...layer]), transfer: [] };
  }, post);
}
