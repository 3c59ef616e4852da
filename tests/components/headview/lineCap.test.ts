import { forEachLine, lineBatches, maxLineWeight } from '../../../src/models/pipeline/headLines';
import { canvasSelection } from '../../../src/components/headview/HeadLines';
import { computeLab } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS } from '../../../src/state/labStore';
import { fromRows, type Matrix } from '../../../src/engine';

/** Every line forEachLine visits, as "head:query:key". */
function visited(weights: readonly Matrix[], selection: Parameters<typeof forEachLine>[1]): string[] {
  const out: string[] = [];
  forEachLine(weights, selection, (h, q, k) => out.push(`${h}:${q}:${k}`));
  return out;
}

describe('long inputs: each query keeps its strongest lines per head', () => {
  const none = new Set<number>();

  it('keeps exactly the k largest weights of each row, in key order', () => {
    const w = fromRows([
      [0.1, 0.4, 0.05, 0.3, 0.15],
      [0.5, 0.0, 0.2, 0.2, 0.1],
    ]);
    expect(visited([w], { disabled: none, perQuery: 2 })).toEqual(['0:0:1', '0:0:3', '0:1:0', '0:1:2']); // tie 0.2/0.2: the earlier key
    expect(visited([w], { disabled: none, perQuery: 1 })).toEqual(['0:0:1', '0:1:0']);
  });

  it('still honours the weakest weight drawn, disabled heads and NaN', () => {
    const w = fromRows([[0.9, 0.01, NaN, 0.09]]);
    expect(visited([w, w], { disabled: new Set([1]), perQuery: 3, minWeight: 0.05 })).toEqual(['0:0:0', '0:0:3']);
  });

  it('on a real run, every drawn line is among its row’s k strongest and no row loses its strongest line', () => {
    const text = Array.from({ length: 64 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
    const run = computeLab({ ...DEFAULT_SETTINGS, text, numHeads: 8, embedDim: 64 });
    if (!run.ok) throw new Error('run failed');
    const weights = run.layers[0].attention.heads.map((h) => h.weights);
    const k = 4;
    const selection = canvasSelection(none, null, 0, k);
    const drawn = new Map<string, number[]>();
    forEachLine(weights, selection, (h, q, key) => {
      const row = `${h}:${q}`;
      drawn.set(row, [...(drawn.get(row) ?? []), key]);
    });
    expect(drawn.size).toBe(8 * 64);
    for (const [row, keys] of drawn) {
      const [h, q] = row.split(':').map(Number);
      const values = Array.from(weights[h].data.subarray(q * 64, q * 64 + 64));
      const kth = [...values].sort((a, b) => b - a)[k - 1];
      expect(keys).toHaveLength(k);
      expect(keys.every((key) => values[key] >= kth)).toBe(true);
      expect(keys).toContain(values.indexOf(Math.max(...values)));
    }
    // The darkest line is the same with or without the cap: relative shading does not change.
    expect(maxLineWeight(weights, selection)).toBe(maxLineWeight(weights, { disabled: none }));
    const lines = lineBatches(weights, selection).reduce((sum, b) => sum + b.pairs.length / 2, 0);
    expect(lines).toBeLessThanOrEqual(8 * 64 * k);
  });

  it('a focused token shows all of its lines: the cap applies only to the full drawing', () => {
    const focusSelection = canvasSelection(none, { side: 'query', index: 0 }, 0.02, 4);
    expect(focusSelection.perQuery).toBeUndefined();
    expect(focusSelection.minWeight).toBe(0);
  });
});
