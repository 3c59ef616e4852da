import { maxAbsDifference } from '../../../src/engine';
import { computeLab, type LabComputation } from '../../../src/run/computeLab';
import { OFF_THREAD_TOKENS, setEncoderWorkerFactory } from '../../../src/models/untrained/encoderRuns';
import { labRunSource, type LabComputationState } from '../../../src/run/labRunSource';
import { createLabStore, DEFAULT_SETTINGS, settingsOf } from '../../../src/state/labStore';
import type { EncoderReply, EncoderRunRequest } from '../../../src/models/untrained/encoderProtocol';
import { encoderWorkerHandler } from '../../../src/models/untrained/encoderWorkerCore';
import { FakeWorker } from '../pipeline/fakeWorker';

/** A text of n tokens of the lab's tokenizer (one letter a word). */
const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');

let worker: FakeWorker<EncoderRunRequest, EncoderReply>;
beforeEach(() => {
  worker = new FakeWorker<EncoderRunRequest, EncoderReply>(encoderWorkerHandler);
  setEncoderWorkerFactory(() => worker as unknown as Worker);
});
afterEach(() => setEncoderWorkerFactory(null));

/** A fresh lab store, its run source, and a promise for the source's next notification. */
function setup(text: string) {
  const lab = createLabStore({ ...DEFAULT_SETTINGS, model: 'untrained', text, embedDim: 16, numHeads: 4, numLayers: 2 });
  const source = labRunSource(lab, 'settings', 512);
  let notify: () => void = () => undefined;
  source.subscribe(() => notify());
  const next = () => new Promise<void>((resolve) => (notify = resolve));
  /** The snapshot once the worker has answered the settings now (not pending). */
  const settle = async (): Promise<LabComputationState> => {
    let state = source.getSnapshot();
    while (state.pending) {
      await next();
      state = source.getSnapshot();
    }
    return state;
  };
  return { lab, source, next, settle };
}

function ok(state: LabComputationState): LabComputation {
  if (!state.result.ok) throw new Error(state.result.error.message);
  return state.result;
}

describe('the untrained encoder on a long text runs in a worker', () => {
  it('keeps the last drawing, pending, with the new tokens, until the worker answers; the answer matches the page’s run', async () => {
    const { lab, source, next, settle } = setup(letters(OFF_THREAD_TOKENS + 72));
    // Nothing drawn yet (a link that opens on a long text): the first screen has the maps of the first tokens, a run
    // that fits a frame, made on the page and marked pending with all the text's tokens, while the worker runs it all.
    const opening = source.getSnapshot();
    expect(opening.pending).toBe(true);
    expect(ok(opening).tokens).toHaveLength(OFF_THREAD_TOKENS);
    expect(opening.heldTokens).toHaveLength(OFF_THREAD_TOKENS + 72);
    expect(worker.requests).toHaveLength(1);
    const first = await settle();
    expect(ok(first).tokens).toHaveLength(OFF_THREAD_TOKENS + 72);

    lab.getState().set({ maskMode: 'causal' });
    const held = source.getSnapshot();
    expect(held.pending).toBe(true);
    expect(held.result).toBe(first.result); // the last drawing stays
    expect(held.heldTokens).toHaveLength(OFF_THREAD_TOKENS + 72);
    expect(worker.requests).toHaveLength(2);
    await next();
    const answered = source.getSnapshot();
    expect(answered.pending).toBe(false);
    const run = ok(answered);
    const onPage = computeLab(settingsOf(lab.getState()), 512, null) as LabComputation;
    expect(run.mask).not.toBeNull();
    run.layers.forEach((layer, l) =>
      layer.attention.heads.forEach((head, h) => {
        expect(maxAbsDifference(head.weights, onPage.layers[l].attention.heads[h].weights)).toBe(0);
        // Scores are computed again on the page from the q and k that came over (attention.ts).
        expect(maxAbsDifference(head.scaled, onPage.layers[l].attention.heads[h].scaled)).toBe(0);
      }),
    );
    expect(maxAbsDifference(run.layers[1].output, onPage.layers[1].output)).toBe(0);
  });

  it('sends only the layers a toggle changed: layer 1’s trace comes back as the object the page has', async () => {
    const { lab, settle } = setup(letters(200));
    await settle();
    lab.getState().set({ maskMode: 'causal' });
    const before = ok(await settle());
    lab.getState().toggleHead(1, 0);
    const after = ok(await settle());
    expect(worker.requests[2].have.length).toBeGreaterThan(0);
    // Layer 1 is upstream of the toggle: the very same trace; layer 2 is new, with head 1 of it switched off.
    expect(after.layers[0]).toBe(before.layers[0]);
    expect(after.layers[1]).not.toBe(before.layers[1]);
    expect([...after.disabledHeads[1]]).toEqual([0]);
    expect(after.tokens).toBe(before.tokens);
  });

  it('keeps a text of up to OFF_THREAD_TOKENS tokens on the page', () => {
    const { lab, source } = setup(letters(OFF_THREAD_TOKENS));
    source.getSnapshot();
    lab.getState().set({ maskMode: 'causal' });
    const state = source.getSnapshot();
    expect(state.pending).toBe(false);
    expect(ok(state).mask).not.toBeNull();
    expect(worker.requests).toHaveLength(0);
  });

  it('says an engine failure (heads that do not divide the width) as the page would', async () => {
    const { lab, settle } = setup(letters(200));
    await settle();
    lab.getState().set({ embedDim: 18, numHeads: 4 });
    const state = await settle();
    expect(state.result.ok).toBe(false);
    expect(!state.result.ok && state.result.error.code).toBe('heads-do-not-divide');
  });

  it('runs on the page when the worker stops', async () => {
    const { lab, source, next, settle } = setup(letters(200));
    await settle();
    worker.crash = true;
    lab.getState().set({ maskMode: 'causal' });
    expect(source.getSnapshot().pending).toBe(true);
    await next();
    const state = source.getSnapshot();
    expect(state.pending).toBe(false);
    expect(ok(state).mask).not.toBeNull();
    // The next change does not ask the stopped worker again.
    lab.getState().toggleHead(0, 1);
    expect(source.getSnapshot().pending).toBe(false);
    expect(worker.requests).toHaveLength(2);
  });
});
