import { describe, expect, it } from 'vitest';
import { copyForTransfer } from '../../../src/engine/run/transferCopy';

describe('copyForTransfer', () => {
  it('copies every Float32Array into a buffer of its own, lists each buffer once, and leaves the original intact', () => {
    const shared = { rows: 1, cols: 3, data: new Float32Array([1, 2, 3]) };
    const whole = new Float32Array([9, 8, 7, 6]);
    const view = whole.subarray(1, 3); // a view into a bigger buffer: copied to its own
    const value = { a: shared, b: shared, list: [shared, { data: view }], heads: new Set([1, 2]), bytes: new Uint8Array([1, 0]), n: 4, s: 'x', none: null };
    const { value: copy, transfer } = copyForTransfer(value);
    expect(copy.a).toBe(copy.b); // shared stays shared
    expect(copy.list[0]).toBe(copy.a);
    expect(copy.a.data).not.toBe(shared.data);
    expect([...copy.a.data]).toEqual([1, 2, 3]);
    expect([...(copy.list[1] as { data: Float32Array }).data]).toEqual([8, 7]);
    expect(transfer).toHaveLength(2);
    expect(new Set(transfer).size).toBe(2);
    expect(transfer.every((b) => b.byteLength === 12 || b.byteLength === 8)).toBe(true);
    // Sending detaches the copies' buffers, never the sender's own arrays.
    structuredClone(copy, { transfer });
    expect(copy.a.data.length).toBe(0);
    expect([...shared.data]).toEqual([1, 2, 3]);
    expect(whole.length).toBe(4);
    expect(copy.heads).toEqual(new Set([1, 2]));
    expect(copy.n).toBe(4);
    expect(copy.none).toBeNull();
  });

  it('copies a class instance as its own fields, as postMessage does', () => {
    class Trace {
      readonly weights = new Float32Array([0.5, 0.5]);
      get scores(): number {
        return 1;
      }
    }
    const { value } = copyForTransfer({ head: new Trace() });
    expect(Object.keys(value.head)).toEqual(['weights']);
    expect([...value.head.weights]).toEqual([0.5, 0.5]);
  });
});
