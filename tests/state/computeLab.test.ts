import { addPositionalEncoding, buildMask, createModel, embedTokens, encoderStack, maxAbsDifference, tokenize } from '../../src/engine';
import { computeLab, type LabInputs } from '../../src/state/computeLab';
import { disabledHeadSets, maskSpecFor } from '../../src/state/labMask';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';

const inputs: LabInputs = { ...DEFAULT_SETTINGS, numLayers: 3, disabledHeads: [] };

function fullRecompute(i: LabInputs) {
  const tokens = tokenize(i.text).tokens.map((t) => t.text);
  const x = addPositionalEncoding(embedTokens(tokens, i.embedDim, i.seed));
  const mask = buildMask(tokens.length, tokens.length, maskSpecFor(i, tokens.length));
  return encoderStack(x, createModel(i), { mask, disabledHeadsPerLayer: disabledHeadSets(i.disabledHeads, i.numLayers, i.numHeads) });
}

describe('computeLab', () => {
  it('a head toggle computed from the cached baseline equals a full recompute, in every layer', () => {
    for (const disabledHeads of [['1-2'], ['0-0', '2-3'], ['0-0', '0-1', '0-2', '0-3']]) {
      const setting = { ...inputs, maskMode: 'causal' as const, disabledHeads };
      const result = computeLab(setting);
      if (!result.ok) throw result.error;
      const expected = fullRecompute(setting);
      result.layers.forEach((layer, i) => expect(maxAbsDifference(layer.output, expected[i].output)).toBeLessThan(1e-6));
    }
  });

  it('ablating a head changes that layer output and leaves earlier layers and the baseline alone', () => {
    const before = computeLab(inputs);
    const after = computeLab({ ...inputs, disabledHeads: ['1-0'] });
    if (!before.ok || !after.ok) throw new Error('unexpected failure');
    expect(after.layers[0]).toBe(before.layers[0]);
    expect(maxAbsDifference(after.layers[1].output, before.layers[1].output)).toBeGreaterThan(1e-3);
    expect(maxAbsDifference(after.baseline[1].output, before.layers[1].output)).toBe(0);
  });

  it('padding and custom masks ignore indices that are not in the sentence', () => {
    expect(maskSpecFor({ maskMode: 'padding', paddingTokens: [1, 99], customMask: [] }, 3)).toEqual({ keyPadding: [false, true, false] });
    expect(maskSpecFor({ maskMode: 'custom', paddingTokens: [], customMask: ['0-1', '7-7', 'x-y'] }, 2)).toEqual({ custom: [[false, true], [false, false]] });
    expect(disabledHeadSets(['0-1', '5-0', '0-9', 'bad'], 2, 4).map((s) => [...s])).toEqual([[1], []]);
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
