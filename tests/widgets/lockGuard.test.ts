import { createLabStore, DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { guardLockedSettings } from '../../src/widgets/lockGuard';

beforeEach(() => useLab.setState({ ...DEFAULT_SETTINGS, text: 'the cat sat', selectedLayer: 1, selectedHead: 3, disabledHeads: [{ layer: 1, head: 2 }] }));

describe('guardLockedSettings', () => {
  it('undoes changes to locked settings and lets the others through', () => {
    const stop = guardLockedSettings(['text', 'mask']);
    useLab.getState().set({ text: 'changed', maskMode: 'causal', seed: 3 });
    useLab.getState().togglePadding(1);
    useLab.getState().toggleCustomCell(0, 1);
    expect(useLab.getState()).toMatchObject({ text: 'the cat sat', maskMode: 'none', paddingTokens: [], customMask: [], seed: 3 });
    // The settings panel's reset (it resets everything) keeps the locked text too.
    useLab.getState().reset();
    expect(useLab.getState().text).toBe('the cat sat');
    stop();
    useLab.getState().set({ text: 'free again' });
    expect(useLab.getState().text).toBe('free again');
  });

  it('keeps a locked head selection inside a smaller model, and gives it back when the model returns', () => {
    const stop = guardLockedSettings(['heads']);
    useLab.getState().toggleHead(0, 0);
    expect(useLab.getState().disabledHeads).toEqual([{ layer: 1, head: 2 }]);
    // What the unlocked settings panel does when the head count changes.
    useLab.getState().set({ numHeads: 2, disabledHeads: [], selectedHead: 0 });
    expect(useLab.getState()).toMatchObject({ numHeads: 2, selectedLayer: 1, selectedHead: 0, disabledHeads: [] });
    useLab.getState().set({ numLayers: 1, selectedLayer: 0 });
    expect(useLab.getState()).toMatchObject({ selectedLayer: 0 });
    useLab.getState().set({ numHeads: 4, numLayers: 2 });
    expect(useLab.getState()).toMatchObject({ selectedLayer: 1, selectedHead: 3, disabledHeads: [{ layer: 1, head: 2 }] });
    stop();
  });

  it('with nothing locked, guards nothing', () => {
    const stop = guardLockedSettings([]);
    useLab.getState().set({ text: 'x', selectedHead: 'average' });
    expect(useLab.getState()).toMatchObject({ text: 'x', selectedHead: 'average' });
    stop();
  });
});

describe('guardLockedSettings on a store of its own', () => {
  it('guards the store it is given, not the global one', () => {
    const own = createLabStore({ text: 'mine' });
    const stop = guardLockedSettings(['text'], own);
    own.getState().set({ text: 'changed' });
    expect(own.getState().text).toBe('mine');
    useLab.getState().set({ text: 'global may change' });
    expect(useLab.getState().text).toBe('global may change');
    stop();
  });
});
