import { buildMask, fromRows, scaledDotProductAttention } from '../../../src/engine';
import {
  cellFromPoint,
  clampCell,
  formatValue,
  fullyBlockedRows,
  heatmapScale,
  labelStep,
  moveCell,
  pageRange,
  thinnedLabelIndices,
  truncateLabel,
} from '../../../src/components/heatmap/heatmapModel';
import { heatmapLayout } from '../../../src/components/heatmap/layout';
import { SVG_TOKEN_LIMIT } from '../../../src/components/heatmap/heatmapModel';
import { blockedRuns, colorRamp, fillCellPixels, rampIndex } from '../../../src/components/heatmap/paint';
import { MASKED_CELL_FILL, weightColor } from '../../../src/components/heatmap/palettes';
import { rgb } from 'd3';

describe('canvas geometry: the cell under the pointer', () => {
  const g = { rows: 512, cols: 512, cellWidth: 1, cellHeight: 1 };
  it('maps plot coordinates to [query, key]', () => {
    expect(cellFromPoint(0, 0, g)).toEqual({ q: 0, k: 0 });
    expect(cellFromPoint(40.9, 12.2, g)).toEqual({ q: 12, k: 40 });
    expect(cellFromPoint(511.99, 511.99, g)).toEqual({ q: 511, k: 511 });
    expect(cellFromPoint(30, 20, { rows: 4, cols: 8, cellWidth: 10, cellHeight: 10 })).toEqual({ q: 2, k: 3 });
  });
  it('is null outside the cell area', () => {
    expect(cellFromPoint(-0.1, 3, g)).toBeNull();
    expect(cellFromPoint(3, 512, g)).toBeNull();
    expect(cellFromPoint(512, 3, g)).toBeNull();
    expect(cellFromPoint(NaN, 3, g)).toBeNull();
  });
});

describe('label thinning', () => {
  it('keeps every label when they fit, else a nice step', () => {
    expect(labelStep(20, 11)).toBe(1);
    expect(labelStep(6, 11)).toBe(2);
    expect(labelStep(3, 11)).toBe(5);
    expect(labelStep(1, 11)).toBe(20);
    expect(labelStep(0.5, 11)).toBe(50);
  });
  it('never lets two labels come closer than the minimum spacing', () => {
    for (const [count, size] of [[13, 360], [100, 420], [512, 420], [512, 200], [65, 360]]) {
      const band = size / count;
      const shown = thinnedLabelIndices(count, band, 11);
      expect(shown[0]).toBe(0);
      for (let i = 1; i < shown.length; i++) expect((shown[i] - shown[i - 1]) * band).toBeGreaterThanOrEqual(11);
    }
    expect(thinnedLabelIndices(13, 360 / 13, 11)).toHaveLength(13);
    expect(thinnedLabelIndices(512, 420 / 512, 11)).toHaveLength(26);
  });
  it('the layout switches to canvas beyond SVG_TOKEN_LIMIT tokens and thins its labels', () => {
    const toks = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`);
    const n = SVG_TOKEN_LIMIT;
    const small = heatmapLayout({ rows: n, cols: n, size: 384, queryTokens: toks(n), keyTokens: toks(n), showLabels: true, hasFullyMaskedRows: false });
    expect(small.useCanvas).toBe(false);
    const justOver = heatmapLayout({ rows: n + 1, cols: n + 1, size: 384, queryTokens: toks(n + 1), keyTokens: toks(n + 1), showLabels: true, hasFullyMaskedRows: false });
    expect(justOver.useCanvas).toBe(true);
    const big = heatmapLayout({ rows: 512, cols: 512, size: 512, queryTokens: toks(512), keyTokens: toks(512), showLabels: true, hasFullyMaskedRows: false });
    expect(big.useCanvas).toBe(true);
    expect(big.cellWidth).toBe(1);
    expect(big.rowLabels.length).toBeLessThan(60);
  });
  it('cuts long tokens with an ellipsis, by code point', () => {
    expect(truncateLabel('short')).toBe('short');
    expect(truncateLabel('internationalisation', 8)).toBe('interna…');
    expect(truncateLabel('😀😀😀😀', 3)).toBe('😀😀…');
  });
});

describe('keyboard moves', () => {
  const at = { q: 2, k: 2 };
  it('moves one cell and stops at the edges', () => {
    expect(moveCell(at, 'ArrowRight', 4, 4)).toEqual({ q: 2, k: 3 });
    expect(moveCell(at, 'ArrowLeft', 4, 4)).toEqual({ q: 2, k: 1 });
    expect(moveCell(at, 'ArrowDown', 4, 4)).toEqual({ q: 3, k: 2 });
    expect(moveCell(at, 'ArrowUp', 4, 4)).toEqual({ q: 1, k: 2 });
    expect(moveCell({ q: 3, k: 3 }, 'ArrowRight', 4, 4)).toEqual({ q: 3, k: 3 });
    expect(moveCell({ q: 0, k: 0 }, 'ArrowUp', 4, 4)).toEqual({ q: 0, k: 0 });
  });
  it('Home / End go to the row start / end; with Ctrl to the first / last cell', () => {
    expect(moveCell(at, 'Home', 4, 6)).toEqual({ q: 2, k: 0 });
    expect(moveCell(at, 'End', 4, 6)).toEqual({ q: 2, k: 5 });
    expect(moveCell(at, 'Home', 4, 6, true)).toEqual({ q: 0, k: 0 });
    expect(moveCell(at, 'End', 4, 6, true)).toEqual({ q: 3, k: 5 });
    expect(moveCell(at, 'a', 4, 4)).toBeNull();
  });
  it('a remembered cell is clamped when the matrix shrinks', () => {
    expect(clampCell({ q: 9, k: 1 }, 4, 4)).toEqual({ q: 3, k: 1 });
    expect(clampCell({ q: 0, k: 0 }, 0, 0)).toBeNull();
  });
});

describe('numbers', () => {
  it('never prints NaN, and prints ±∞ and −0 sensibly', () => {
    expect(formatValue(0.123456)).toBe('0.1235');
    expect(formatValue(NaN)).toBe('—');
    expect(formatValue(-Infinity)).toBe('−∞');
    expect(formatValue(Infinity)).toBe('+∞');
    expect(formatValue(-0.00001)).toBe('0.0000');
  });
  it('score scales are symmetric on the largest finite |score| of the unmasked cells', () => {
    const scores = fromRows([
      [1, -3],
      [0.5, 9],
    ]);
    const mask = buildMask(2, 2, { custom: [[false, false], [false, true]] });
    expect(heatmapScale('scores', scores, null).domain).toEqual([-9, 9]);
    expect(heatmapScale('scores', scores, mask).domain).toEqual([-3, 3]);
    expect(heatmapScale('scores', fromRows([[0, -Infinity]]), null).domain).toEqual([-1, 1]);
    expect(heatmapScale('weights', scores, null).domain).toEqual([0, 1]);
  });
  it('pages a long table axis', () => {
    expect(pageRange(0, 512, 64)).toEqual({ from: 0, to: 64, pages: 8, page: 0 });
    expect(pageRange(7, 512, 64)).toMatchObject({ from: 448, to: 512 });
    expect(pageRange(99, 13, 64)).toEqual({ from: 0, to: 13, pages: 1, page: 0 });
  });
});

describe('fully blocked rows', () => {
  it('are the rows the engine reports as fully masked', () => {
    const q = fromRows([[1, 0], [0, 1], [1, 1]]);
    const mask = buildMask(3, 3, { custom: [[true, true, true], [false, true, false], [false, false, false]] });
    const trace = scaledDotProductAttention(q, q, q, { mask });
    expect(fullyBlockedRows(trace.weights, mask)).toEqual([...trace.fullyMaskedRows]);
  });
});

describe('canvas pixels (painted without a canvas)', () => {
  const scale = heatmapScale('weights', fromRows([[0]]), null);
  it('a ramp samples the palette from its lowest to its highest value', () => {
    const ramp = colorRamp(scale);
    const first = rgb(weightColor()(0));
    const last = rgb(weightColor()(1));
    expect(Array.from(ramp.slice(0, 3))).toEqual([first.r, first.g, first.b]);
    expect(Array.from(ramp.slice(-4, -1))).toEqual([last.r, last.g, last.b]);
    expect(rampIndex(0.5, [0, 1])).toBe(128);
    expect(rampIndex(7, [0, 1])).toBe(255);
  });
  it('a shared ramp is the one its own scale would sample: score scales of any width, each weight palette', () => {
    for (const m of [0.01, 1, 37.5]) {
      const scores = heatmapScale('scores', fromRows([[m, -m / 3]]), null);
      expect(scores.domain[1]).toBeCloseTo(m, 6);
      expect(Array.from(colorRamp(scores))).toEqual(Array.from(colorRamp({ ...scores, rampKey: undefined })));
    }
    const cividis = heatmapScale('weights', fromRows([[0]]), null, 'cividis');
    expect(Array.from(colorRamp(cividis))).toEqual(Array.from(colorRamp({ ...cividis, rampKey: undefined })));
    expect(Array.from(colorRamp(cividis))).not.toEqual(Array.from(colorRamp(scale)));
  });
  it('one RGBA pixel per cell; blocked cells grey, never a palette colour', () => {
    const m = fromRows([
      [1, 0],
      [0.25, 0.75],
    ]);
    const mask = buildMask(2, 2, { causal: true });
    const px = fillCellPixels(new Uint8ClampedArray(16), m, scale, mask);
    const grey = rgb(MASKED_CELL_FILL);
    expect(Array.from(px.slice(4, 8))).toEqual([grey.r, grey.g, grey.b, 255]);
    const top = rgb(weightColor()(1));
    expect(Array.from(px.slice(0, 4))).toEqual([top.r, top.g, top.b, 255]);
    // The unmasked zero would be the darkest palette colour; the masked one is not.
    expect(Array.from(px.slice(4, 7))).not.toEqual(Array.from(colorRamp(scale).slice(0, 3)));
  });
  it('each cell takes the ramp colour rampIndex gives its value (scores, NaN, ±∞, a flat domain)', () => {
    const values = [-3, -1.5, -0.001, 0, 0.3, 2.999, 3, 7, Number.NaN, Infinity, -Infinity];
    const m = fromRows([values]);
    for (const s of [heatmapScale('scores', m, null), { ...heatmapScale('scores', m, null), domain: [1, 1] as const }]) {
      const ramp = colorRamp(s);
      const px = fillCellPixels(new Uint8ClampedArray(values.length * 4), m, s, null);
      values.forEach((v, i) => {
        const expected = v === -Infinity ? [rgb(MASKED_CELL_FILL).r, rgb(MASKED_CELL_FILL).g, rgb(MASKED_CELL_FILL).b] : Array.from(ramp.slice(rampIndex(v, s.domain) * 4, rampIndex(v, s.domain) * 4 + 3));
        expect(Array.from(px.slice(i * 4, i * 4 + 3)), String(v)).toEqual(expected);
      });
    }
  });
  it('paints the same bytes into a buffer that cannot take whole 32-bit pixels (an odd offset)', () => {
    const m = fromRows([[-2, 0.5, Number.NaN], [1, Infinity, -Infinity]]);
    const scale = heatmapScale('scores', m, null);
    const aligned = fillCellPixels(new Uint8ClampedArray(24), m, scale, buildMask(2, 3, { causal: true }));
    const odd = fillCellPixels(new Uint8ClampedArray(26).subarray(2), m, scale, buildMask(2, 3, { causal: true }));
    expect(Array.from(odd)).toEqual(Array.from(aligned));
    expect(Array.from(aligned).filter((_, i) => i % 4 === 3).every((a) => a === 255)).toBe(true);
  });
  it('hatching runs merge neighbouring blocked cells of a row', () => {
    const m = fromRows(Array.from({ length: 4 }, () => [0, 0, 0, 0]));
    expect(blockedRuns(m, buildMask(4, 4, { causal: true }))).toEqual([
      [0, 1, 4],
      [1, 2, 4],
      [2, 3, 4],
    ]);
    expect(blockedRuns(m, buildMask(4, 4, { keyPadding: [false, true, false, true] }))).toHaveLength(8);
    expect(blockedRuns(m, null)).toEqual([]);
  });
});
