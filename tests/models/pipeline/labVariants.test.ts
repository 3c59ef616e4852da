// @vitest-environment node
// The state layer's named variants: computed once per run and shared, equal to what the engine gives when asked
// directly.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { nextTokenDistribution, trainedModelFromBytes } from '../../../src/engine';
import { computeLab, type LabComputation } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS } from '../../../src/state/labStore';
import { labBaselineRun, labRunWithNormFirst } from '../../../src/models/pipeline/labVariants';

function ok(result: ReturnType<typeof computeLab>): LabComputation {
  if (!result.ok) throw result.error;
  return result;
}

describe('labBaselineRun', () => {
  const bytes = readFileSync(resolve(__dirname, '../../../public/models/lm/model.bin'));
  const { model } = trainedModelFromBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const text = 'The cat sat on the mat, and the cat';

  it('is the run with nothing switched: the same logits as the all-on run, once per run', () => {
    const switched = ok(computeLab({ ...DEFAULT_SETTINGS, model: 'trained', text, disabledHeads: [{ layer: 1, head: 2 }], causal: false }, 128, model));
    const plain = ok(computeLab({ ...DEFAULT_SETTINGS, model: 'trained', text }, 128, model));
    if (switched.kind !== 'causal_lm' || plain.kind !== 'causal_lm') throw new Error('expected language-model runs');
    const baseline = labBaselineRun(switched);
    expect(labBaselineRun(switched)).toBe(baseline);
    expect(baseline.disabledHeads.every((heads) => heads.size === 0)).toBe(true);
    expect(baseline.inputs.causal).toBe(true);
    const last = plain.tokenIds.length - 1;
    expect(nextTokenDistribution(baseline.logits, last).top(5)).toEqual(nextTokenDistribution(plain.logits, last).top(5));
    expect(nextTokenDistribution(switched.logits, last).top(1)).not.toEqual(nextTokenDistribution(plain.logits, last).top(1));
  });
});

describe('labRunWithNormFirst', () => {
  it('the lab’s own run when it already has that order; else the same inputs run the other way, once', () => {
    const lab = ok(computeLab({ ...DEFAULT_SETTINGS, model: 'untrained' }));
    if (lab.kind !== 'encoder') throw new Error('expected the untrained encoder');
    const own = lab.inputs.normFirst;
    expect(labRunWithNormFirst(lab, own)).toBe(lab);
    const other = labRunWithNormFirst(lab, !own);
    if (other.kind !== 'encoder') throw new Error('expected the untrained encoder');
    expect(other.inputs.normFirst).toBe(!own);
    expect(other.tokens.map((t) => t.text)).toEqual(lab.tokens.map((t) => t.text));
    expect(labRunWithNormFirst(lab, !own)).toBe(other);
  });
});
