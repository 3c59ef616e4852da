import { describe, expect, it } from 'vitest';
import { attachEncoderRun, attachLmRun, copyForTransfer, detachEncoderRun, detachLmRun, EncoderModel, EngineError, LayerTraceIds, maxAbsDifference, type EncoderLayerTrace } from '../../../src/engine';
import { smallLm } from '../decoding/smallLm';

const model = new EncoderModel({ embedDim: 16, numHeads: 4, numLayers: 2, seed: 3 });
const text = 'the cat sat on the mat because it was warm';

/** What the receiving thread gets: postMessage's structured clone of the transfer copy. */
const send = <T,>(value: T): T => structuredClone(copyForTransfer(value).value);

describe('an encoder run sent between threads', () => {
  it('arrives with the same numbers, its scores recomputed from q and k, and the baseline shared when nothing is off', () => {
    const run = model.run({ text, mask: { kind: 'causal' } });
    const back = attachEncoderRun(send(detachEncoderRun(run)), model);
    expect(back.model).toBe(model);
    expect(back.baseline).toBe(back.layers);
    back.layers.forEach((layer, l) => {
      expect(maxAbsDifference(layer.output, run.layers[l].output)).toBe(0);
      layer.attention.heads.forEach((head, h) => {
        expect(maxAbsDifference(head.weights, run.layers[l].attention.heads[h].weights)).toBe(0);
        expect(maxAbsDifference(head.scaled, run.layers[l].attention.heads[h].scaled)).toBe(0);
      });
    });
    expect(back.tokens.map((t) => t.text)).toEqual(run.tokens.map((t) => t.text));
  });

  it('leaves out the layers the receiver has, which it fills from the ones it kept', () => {
    const ids = new LayerTraceIds();
    const known = new Map<number, EncoderLayerTrace>();
    const first = attachEncoderRun(send(detachEncoderRun(model.run({ text }), ids)), model, known);
    // Layer 2's head 1 off: layer 1 is the same trace on the sending side, so it is left out and taken from `known`.
    const toggled = model.run({ text, disabledHeads: [{ layer: 1, head: 0 }] });
    const detached = detachEncoderRun(toggled, ids, new Set(known.keys()));
    expect(detached.layers[0]).toBeNull();
    expect(detached.layers[1]).not.toBeNull();
    const back = attachEncoderRun(send(detached), model, known);
    expect(back.layers[0]).toBe(first.layers[0]);
    expect(back.baseline).toEqual(first.layers.map((l) => expect.objectContaining({ output: l.output })));
    expect([...back.disabledHeads[1]]).toEqual([0]);
    // A receiver that lost a layer it said it had is told so, not given a hole.
    expect(() => attachEncoderRun(send(detached), model, new Map())).toThrow(EngineError);
  });
});

describe('a language-model run sent between threads', () => {
  it('leaves out the layers the receiver has: a head off in layer 2 sends layer 2 only', () => {
    const lm = smallLm();
    const ids = new LayerTraceIds();
    const known = new Map<number, EncoderLayerTrace>();
    const first = attachLmRun(send(detachLmRun(lm.run({ text: 'the cat sat on the mat' }), ids)), lm, known);
    const toggled = lm.run({ text: 'the cat sat on the mat', disabledHeads: [{ layer: 1, head: 2 }] });
    const detached = detachLmRun(toggled, ids, new Set(known.keys()));
    expect(detached.layers.map((l) => l === null)).toEqual([true, false]);
    expect(detached.baseline.every((l) => l === null)).toBe(true); // every head on: the layers sent before
    const back = attachLmRun(send(detached), lm, known);
    expect(back.layers[0]).toBe(first.layers[0]);
    expect(back.baseline[1]).toBe(first.layers[1]);
    expect(maxAbsDifference(back.logits, toggled.logits)).toBe(0);
  });
});
