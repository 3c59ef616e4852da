import { describe, expect, it } from 'vitest';
import { buildMask, fromRows } from '../../../src/engine';
import { h0, h1 } from '../../components/headview/twoHeads';
import { blockedRuns, blockedShape } from '../../../src/models/pipeline/blockedRuns';
import { headLineGroups, visibleLines } from '../../../src/models/pipeline/headLines';

// Readings views take off a run, kept in the models layer next to what they derive from (models/README.md's caches).
describe('what views read off a run, kept per matrix or mask', () => {
  it("a head's line groups are kept on its matrix: switching the other head off gives back the very same array", () => {
    const before = headLineGroups([h0, h1], { disabled: new Set() }, 4);
    const after = headLineGroups([h0, h1], { disabled: new Set([1]) }, 4);
    expect(after).toHaveLength(1);
    expect(after[0].groups).toBe(before[0].groups);
    // Another selection is another entry, and the first is still there.
    expect(headLineGroups([h0], { disabled: new Set(), minWeight: 0.5 }, 4)[0].groups).not.toBe(before[0].groups);
    expect(headLineGroups([h0], { disabled: new Set() }, 4)[0].groups).toBe(before[0].groups);
    expect(visibleLines([h0, h1], { disabled: new Set([0]) }).every((l) => l.head === 1)).toBe(true);
  });

  it("a mask's blocked runs are found once per mask and size, and not kept for a map with −∞ cells of its own", () => {
    const mask = buildMask(3, 3, { causal: true });
    const shape = blockedShape(h0, mask);
    expect(shape?.runs).toEqual(blockedRuns(h0, mask));
    expect(shape?.key).toBe('0,1,3;1,2,3');
    expect(blockedShape(h1, mask)).toBe(shape);
    const masked = fromRows([
      [0, -Infinity, -Infinity],
      [-Infinity, 0, -Infinity],
      [0, 0, 0],
    ]);
    expect(blockedShape(masked, mask)?.runs).toEqual([[0, 1, 3], [1, 0, 1], [1, 2, 3]]);
    expect(blockedShape(h0, mask)).toBe(shape);
    expect(blockedShape(h0, null)).toBeNull();
  });
});
