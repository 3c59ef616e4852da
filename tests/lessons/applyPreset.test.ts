import { applyPreset } from '../../src/lessons/applyPreset';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { useWalkthrough } from '../../src/state/walkthroughStore';

beforeEach(() => useLab.setState(DEFAULT_SETTINGS));

describe('applyPreset', () => {
  it('sets the lab’s settings, typed pairs included, and the walkthrough step', () => {
    applyPreset({ lab: { maskMode: 'custom', customMask: [{ query: 0, key: 1 }], disabledHeads: [{ layer: 0, head: 2 }] }, walkthroughStep: 'ffn' });
    expect(useLab.getState()).toMatchObject({ maskMode: 'custom', customMask: [{ query: 0, key: 1 }], disabledHeads: [{ layer: 0, head: 2 }], numHeads: 4 });
    expect(useWalkthrough.getState().step).toBe('ffn');
  });

  it('keeps the model buildable: heads that do not divide the width become the nearest count that does', () => {
    applyPreset({ lab: { embedDim: 6 } });
    expect(useLab.getState()).toMatchObject({ embedDim: 6, numHeads: 3 });
    useLab.setState(DEFAULT_SETTINGS);
    applyPreset({ lab: { numHeads: 5 } });
    expect(useLab.getState()).toMatchObject({ embedDim: 32, numHeads: 4 });
    applyPreset({ lab: { embedDim: 64, numHeads: 1 } });
    expect(useLab.getState()).toMatchObject({ embedDim: 64, numHeads: 1 });
  });
});
