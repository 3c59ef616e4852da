import { HEAD_COLORS, headStroke } from '../../../src/components/headview/headColors';
import { differencePixels, differenceReason, formatDelta, outputDifference } from '../../../src/components/headview/difference';
import { canvasScale, formatWeight, partnerWeights, strongestPartners } from '../../../src/components/headview/lines';
import { forEachLine, headLineGroups, lineBatches, maxLineWeight, visibleLines } from '../../../src/models/pipeline/headLines';
import { paintGroups } from '../../../src/components/headview/HeadLines';
import { scoreColor, MASKED_CELL_FILL } from '../../../src/components/heatmap/palettes';
import { fromRows } from '../../../src/engine';
import { computeLab } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS } from '../../../src/state/labStore';
import { color } from 'd3';
import { h0, h1 } from './twoHeads';

const none = new Set<number>();

describe('head colours', () => {
  it('gives the first eight heads the eight palette colours, solid; the next eight repeat them dashed and thinner', () => {
    const first = Array.from({ length: 8 }, (_, h) => headStroke(h));
    expect(new Set(first.map((s) => s.color)).size).toBe(8);
    expect(first.every((s) => s.dash.length === 0)).toBe(true);
    expect(first.map((s) => s.color)).toEqual(HEAD_COLORS);
    expect(headStroke(9).color).toBe(headStroke(1).color);
    expect(headStroke(9).dash.length).toBeGreaterThan(0);
    expect(headStroke(9).width).toBeLessThan(headStroke(1).width); // thinner too: the canvas draws no dashes
  });
});

describe('line selection', () => {
  it('every pair of every active head, head 0 first', () => {
    const all = visibleLines([h0, h1], { disabled: none });
    expect(all).toHaveLength(18);
    expect(all[0]).toEqual({ head: 0, query: 0, key: 0, weight: expect.closeTo(0.7, 6) });
    expect(all.slice(9).every((l) => l.head === 1)).toBe(true);
  });

  it('leaves out a disabled head, filters to a focused token, and drops faint lines on request', () => {
    expect(visibleLines([h0, h1], { disabled: new Set([0]) }).every((l) => l.head === 1)).toBe(true);
    const fromQuery = visibleLines([h0, h1], { disabled: none, focus: { side: 'query', index: 2 } });
    expect(fromQuery.map((l) => [l.head, l.query, l.key])).toEqual([
      [0, 2, 0],
      [0, 2, 1],
      [0, 2, 2],
      [1, 2, 0],
      [1, 2, 1],
      [1, 2, 2],
    ]);
    const toKey = visibleLines([h0], { disabled: none, focus: { side: 'key', index: 1 } });
    expect(toKey.map((l) => l.weight)).toEqual([expect.closeTo(0.2, 6), 1, 0.25]);
    expect(visibleLines([h0], { disabled: none, minWeight: 0.3 })).toHaveLength(3);
    expect(visibleLines([h0], { disabled: none, focus: { side: 'query', index: 9 } })).toEqual([]);
  });

  it('skips non-finite weights', () => {
    const bad = fromRows([[Number.NaN, 1]]);
    const seen: number[] = [];
    forEachLine([bad], { disabled: none }, (_h, _q, _k, w) => seen.push(w));
    expect(seen).toEqual([1]);
  });

  it('batches lines by head and rounded opacity, fainter first, dropping the invisible ones', () => {
    const batches = lineBatches([h0, h1], { disabled: none }, 4);
    // Every batch alpha is a multiple of 1/4 and > 0; the zeros of head 0 are gone.
    expect(batches.every((b) => b.alpha > 0 && b.alpha <= 1 && (b.alpha * 4) % 1 === 0)).toBe(true);
    expect(batches.map((b) => b.head)).toEqual([...batches.map((b) => b.head)].sort());
    const head0 = batches.filter((b) => b.head === 0);
    expect(head0.map((b) => b.alpha)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(head0.find((b) => b.alpha === 1)!.pairs).toEqual([1, 1]);
    const pairs = batches.reduce((s, b) => s + b.pairs.length / 2, 0);
    // Opacity rounds to 0 for head 0's 0.1 and two zeros, and for head 1's 0.1, 0.1, 0.05 and 0.05.
    expect(pairs).toBe(18 - 3 - 4);
  });

  it('scales opacity in proportion for long inputs: the strongest line drawn becomes fully dark', () => {
    const selection = { disabled: none, focus: { side: 'query', index: 0 } } as const;
    const max = maxLineWeight([h0, h1], selection);
    expect(max).toBeCloseTo(0.7, 6);
    const batches = lineBatches([h0, h1], selection, 10, 1 / max);
    expect(Math.max(...batches.map((b) => b.alpha))).toBe(1);
    // 0.2 / 0.7 ≈ 0.29 → 0.3 at ten levels.
    expect(batches.find((b) => b.head === 0 && b.pairs[1] === 1)!.alpha).toBeCloseTo(0.3, 6);
    expect(maxLineWeight([h0], { disabled: new Set([0]) })).toBe(0);
  });

  it('the strongest partner per head, and the weights beside the other column', () => {
    expect(strongestPartners([h0, h1], none, { side: 'query', index: 1 })).toEqual([
      { head: 0, index: 1, weight: 1 },
      { head: 1, index: 2, weight: expect.closeTo(0.8, 6) },
    ]);
    expect(strongestPartners([h0, h1], new Set([1]), { side: 'key', index: 0 })).toEqual([{ head: 0, index: 0, weight: expect.closeTo(0.7, 6) }]);
    const beside = partnerWeights([h0, h1], new Set([1]), { side: 'key', index: 2 });
    expect(beside.map((r) => r.map((v) => Number(v.toFixed(2))))).toEqual([
      [0.1, 0],
      [0, 0],
      [0.25, 0],
    ]);
  });

  it('paints every line of every batch, one short path each', () => {
    const calls: string[] = [];
    const ctx = {
      canvas: { height: 100 },
      clearRect: () => calls.push('clear'),
      setTransform: () => undefined,
      setLineDash: () => undefined,
      beginPath: () => calls.push('begin'),
      moveTo: () => calls.push('move'),
      lineTo: () => calls.push('line'),
      stroke: () => calls.push('stroke'),
    } as unknown as CanvasRenderingContext2D;
    const [{ groups }] = headLineGroups([h0], { disabled: none }, 4);
    paintGroups(ctx, 0, groups, { top: -Infinity, bottom: Infinity, scale: 1, width: 100, y: (i) => i * 10 + 5, w: 100, h: 100 });
    const lineCount = groups.reduce((s, b) => s + b.pairs.length / 2, 0);
    expect(calls.filter((c) => c === 'line')).toHaveLength(lineCount);
    expect(calls.filter((c) => c === 'stroke')).toHaveLength(lineCount);
  });

  it('keeps a tall canvas under the browsers’ side limit', () => {
    expect(canvasScale(500, 2)).toBe(2);
    expect(canvasScale(500, 3)).toBe(2);
    expect(canvasScale(20000, 2)).toBe(1.5);
    expect(canvasScale(100, Number.NaN)).toBe(1);
  });
});

describe('numbers on screen', () => {
  it('formats differences and weights without NaN', () => {
    expect(formatDelta(0)).toBe('0');
    expect(formatDelta(0.53219)).toBe('0.532');
    expect(formatDelta(-0.5)).toBe('−0.5');
    expect(formatDelta(1.2e-5)).toBe('1.20e−5');
    expect(formatDelta(Number.NaN)).toBe('—');
    expect(formatDelta(Infinity)).toBe('—');
    expect(formatWeight(Number.NaN)).toBe('—');
    expect(formatWeight(0.25)).toBe('0.250');
  });

  it('colours canvas pixels with the diverging scale, grey for non-finite values', () => {
    const m = fromRows([[-2, 0, 2]]);
    m.data[1] = Number.NaN;
    const px = differencePixels(m, 2);
    const rgb = (i: number) => Array.from(px.slice(i * 4, i * 4 + 3));
    const blue = color(scoreColor(2)(-2))!.rgb();
    expect(rgb(0)).toEqual([blue.r, blue.g, blue.b]);
    const grey = color(MASKED_CELL_FILL)!.rgb();
    expect(rgb(1)).toEqual([grey.r, grey.g, grey.b]);
    expect(px[2 * 4] > px[2 * 4 + 2]).toBe(true); // positive is red
    expect(px[3]).toBe(255);
  });
});

describe('difference data', () => {
  it('is exactly zero when nothing is ablated', () => {
    const r = computeLab(DEFAULT_SETTINGS);
    if (!r.ok) throw r.error;
    const d = outputDifference(r.layers[0], r.baseline[0], 'layer');
    expect(d.maxAbs).toBe(0);
    expect(d.diff.rows).toBe(13);
    expect(d.diff.cols).toBe(32);
  });

  it('names the reason for a change', () => {
    const s = (...h: number[]) => new Set(h);
    expect(differenceReason([s(), s()], 0)).toBe('all-on');
    expect(differenceReason([s(1), s()], 0)).toBe('off-here');
    expect(differenceReason([s(1), s()], 1)).toBe('from-earlier');
    expect(differenceReason([s(), s(0)], 0)).toBe('later-only');
  });
});

describe('the per-head memo of the head view’s lines', () => {
  /** Random attention rows for `heads` heads over n tokens (each row sums to 1). */
  function randomHeads(heads: number, n: number, seed: number) {
    let x = seed;
    const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    return Array.from({ length: heads }, () =>
      fromRows(
        Array.from({ length: n }, () => {
          const row = Array.from({ length: n }, next);
          const sum = row.reduce((a, b) => a + b, 0);
          return row.map((v) => v / sum);
        }),
      ),
    );
  }

  /** The same lines, grouped without any memo: straight from forEachLine. */
  function referenceBatches(weights: ReturnType<typeof randomHeads>, disabled: ReadonlySet<number>, levels: number, scale: number) {
    const groups = new Map<string, number[]>();
    forEachLine(weights, { disabled, minWeight: 0.01, perQuery: 3 }, (head, q, k, w) => {
      const level = Math.min(levels, Math.round(w * scale * levels));
      if (level <= 0) return;
      const key = `${head}:${level}`;
      groups.set(key, [...(groups.get(key) ?? []), q, k]);
    });
    return [...groups.entries()].map(([key, pairs]) => ({ head: Number(key.split(':')[0]), alpha: Number(key.split(':')[1]) / levels, pairs })).sort((a, b) => a.head - b.head || a.alpha - b.alpha);
  }

  it('gives the same batches, maxima and lines as an unmemoised pass, for any heads switched off, in any order', () => {
    const weights = randomHeads(4, 12, 7);
    for (const off of [[], [1], [0, 3], [1], [], [2, 1, 0]]) {
      const disabled = new Set(off);
      const selection = { disabled, minWeight: 0.01, perQuery: 3 };
      const max = maxLineWeight(weights, selection);
      let expectedMax = 0;
      forEachLine(weights, selection, (_h, _q, _k, w) => (expectedMax = Math.max(expectedMax, w)));
      expect(max).toBe(expectedMax);
      expect(lineBatches(weights, selection, 16, 1 / max)).toEqual(referenceBatches(weights, disabled, 16, 1 / max));
      const lines = visibleLines(weights, selection);
      const expected: { head: number; query: number; key: number; weight: number }[] = [];
      forEachLine(weights, selection, (head, query, key, weight) => expected.push({ head, query, key, weight }));
      expect(lines).toEqual(expected);
    }
  });

  it('reuses a head’s lines when another head is switched off: only the regrouping is new', () => {
    const weights = randomHeads(3, 10, 11);
    const all = lineBatches(weights, { disabled: new Set(), minWeight: 0.01 }, 8);
    const withoutFirst = lineBatches(weights, { disabled: new Set([0]), minWeight: 0.01 }, 8);
    const head2Before = all.filter((b) => b.head === 2);
    const head2After = withoutFirst.filter((b) => b.head === 2);
    expect(head2After.length).toBeGreaterThan(0);
    head2After.forEach((batch, i) => expect(batch.pairs).toBe(head2Before[i].pairs));
    // A new weight matrix (another run) is computed afresh.
    const other = randomHeads(3, 10, 12);
    expect(lineBatches(other, { disabled: new Set([0]), minWeight: 0.01 }, 8).filter((b) => b.head === 2)[0].pairs).not.toBe(head2Before[0].pairs);
  });
});
