// The store's head actions, which every view's "Only this" and "All heads on" buttons call (views never build the
// lists themselves).
import { createLabStore } from '../../src/state/labStore';

describe('head actions', () => {
  it('onlyHead leaves one head of that layer on and keeps the other layers’ switches', () => {
    const store = createLabStore({ disabledHeads: [{ layer: 0, head: 1 }, { layer: 1, head: 0 }] });
    store.getState().onlyHead(1, 2, 4);
    expect(store.getState().disabledHeads).toEqual([
      { layer: 0, head: 1 },
      { layer: 1, head: 0 },
      { layer: 1, head: 1 },
      { layer: 1, head: 3 },
    ]);
  });

  it('allHeadsOn(layer) turns that layer back on; allHeadsOn() every layer', () => {
    const store = createLabStore({ disabledHeads: [{ layer: 0, head: 1 }, { layer: 1, head: 0 }, { layer: 1, head: 3 }] });
    store.getState().allHeadsOn(1);
    expect(store.getState().disabledHeads).toEqual([{ layer: 0, head: 1 }]);
    store.getState().allHeadsOn();
    expect(store.getState().disabledHeads).toEqual([]);
  });

  it('toggleHead switches one head off and on again', () => {
    const store = createLabStore();
    store.getState().toggleHead(0, 2);
    expect(store.getState().disabledHeads).toEqual([{ layer: 0, head: 2 }]);
    store.getState().toggleHead(0, 2);
    expect(store.getState().disabledHeads).toEqual([]);
  });
});
