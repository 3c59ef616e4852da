import { buildMask, maxAbsDifference, runModel, tokenize, type HeadId } from '../../src/engine';
import { computeLab, labRunRequest, type LabInputs } from '../../src/run/computeLab';
import { disabledHeadSets, maskSpecFor } from '../../src/state/labMask';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';

const inputs: LabInputs = { ...DEFAULT_SETTINGS, numLayers: 3, disabledHeads: [] };

/** The one-pass reference (runModel) for the same settings. */
function reference(i: LabInputs) {
  const count = tokenize(i.text).tokens.length;
  return runModel(i.text, i, {
    positionalEncoding: i.positionalEncoding,
    mask: maskSpecFor(i, count),
    disabledHeads: disabledHeadSets(i.disabledHeads, i.numLayers, i.numHeads),
  }).layers;
}

const heads = (...pairs: [number, number][]): HeadId[] => pairs.map(([layer, head]) => ({ layer, head }));

describe('computeLab', () => {
  it('equals the one-pass reference in every layer, with a mask and heads ablated', () => {
    for (const disabledHeads of [heads([1, 2]), heads([0, 0], [2, 3]), heads([0, 0], [0, 1], [0, 2], [0, 3])]) {
      const setting = { ...inputs, maskMode: 'causal' as const, disabledHeads };
      const result = computeLab(setting);
      if (!result.ok) throw result.error;
      const expected = reference(setting);
      result.layers.forEach((layer, i) => expect(maxAbsDifference(layer.output, expected[i].output)).toBeLessThan(1e-6));
    }
  });

  it('ablating a head changes that layer output and leaves earlier layers and the baseline alone', () => {
    const before = computeLab(inputs);
    const after = computeLab({ ...inputs, disabledHeads: heads([1, 0]) });
    if (!before.ok || !after.ok) throw new Error('unexpected failure');
    expect(after.layers[0]).toBe(before.layers[0]);
    expect(after.baseline).toBe(before.baseline);
    expect(maxAbsDifference(after.layers[1].output, before.layers[1].output)).toBeGreaterThan(1e-3);
    expect(maxAbsDifference(after.baseline[1].output, before.layers[1].output)).toBe(0);
    expect(after.disabledHeads.map((s) => [...s])).toEqual([[], [0], []]);
  });

  it('carries the mask the layers used, for the tokens kept', () => {
    const causal = computeLab({ ...inputs, maskMode: 'causal' }, 5);
    if (!causal.ok) throw causal.error;
    expect(causal.tokens).toHaveLength(5);
    expect(Array.from(causal.mask!.blocked)).toEqual(Array.from(buildMask(5, 5, { causal: true })!.blocked));
    const padding = computeLab({ ...inputs, maskMode: 'padding', paddingTokens: [1, 99] }, 3);
    if (!padding.ok) throw padding.error;
    expect(Array.from(padding.mask!.blocked)).toEqual([0, 1, 0, 0, 1, 0, 0, 1, 0]);
    const none = computeLab(inputs);
    expect(none.ok && none.mask).toBeNull();
  });

  it('turns the settings into the run’s inputs', () => {
    const custom = { ...inputs, maskMode: 'custom' as const, customMask: [{ query: 0, key: 1 }], disabledHeads: heads([0, 2]), positionalEncoding: false };
    expect(labRunRequest(custom, 7, { causal: false, tokenLimit: null }).inputs).toEqual({
      text: inputs.text,
      tokenLimit: 7,
      positionalEncoding: false,
      mask: { kind: 'custom', cells: [{ query: 0, key: 1 }] },
      disabledHeads: [{ layer: 0, head: 2 }],
      causal: true,
    });
  });

  it('a model with its own causal mask reads the mask choice "causal" as nothing more, and keeps to its own token limit', () => {
    const request = labRunRequest({ ...inputs, maskMode: 'causal' }, 300, { causal: true, tokenLimit: 128 });
    expect(request.inputs.mask).toEqual({ kind: 'none' });
    expect(request.inputs.tokenLimit).toBe(128);
    expect(labRunRequest({ ...inputs, maskMode: 'causal' }, 300, { causal: false, tokenLimit: null }).inputs.mask).toEqual({ kind: 'causal' });
  });

  it('padding and custom masks ignore indices that are not in the sentence', () => {
    expect(maskSpecFor({ maskMode: 'padding', paddingTokens: [1, 99], customMask: [] }, 3)).toEqual({ keyPadding: [false, true, false] });
    expect(maskSpecFor({ maskMode: 'custom', paddingTokens: [], customMask: [{ query: 0, key: 1 }, { query: 7, key: 7 }] }, 2)).toEqual({ custom: [[false, true], [false, false]] });
    expect(disabledHeadSets(heads([0, 1], [5, 0], [0, 9]), 2, 4).map((s) => [...s])).toEqual([[1], []]);
  });

  it('reports empty text and impossible head counts as errors, not exceptions', () => {
    const empty = computeLab({ ...inputs, text: '  ' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.error.code).toBe('empty-input');
    const bad = computeLab({ ...inputs, embedDim: 30, numHeads: 4 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('heads-do-not-divide');
  });
});
