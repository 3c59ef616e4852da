import { render } from '@testing-library/react';
import { rgb } from 'd3';
import { buildMask, type BlockedMask, type Matrix } from '../../../src/engine';
import { AttentionHeatmap } from '../../../src/components/heatmap/AttentionHeatmap';
import { HeatmapCells } from '../../../src/components/heatmap/HeatmapCells';
import {
  blockedCellsPath,
  cellBlocked,
  cellFill,
  cellGrid,
  cellRect,
  cutLabel,
  heatmapCellLayout,
  type HeatmapCellLayout,
} from '../../../src/components/heatmap/cellLayout';
import { heatmapScale, SVG_TOKEN_LIMIT } from '../../../src/components/heatmap/heatmapModel';
import { heatmapLayout } from '../../../src/components/heatmap/layout';
import { paintHeatmap } from '../../../src/components/heatmap/paint';
import { MASKED_CELL_FILL } from '../../../src/components/heatmap/palettes';
import { exportCellLayout, heatmapToSvg, type HeatmapExportInput } from '../../../src/components/export/heatmapExport';

/*
 * One heatmap cell layout, three renderers: the React SVG cells, the canvas and the export's string SVG each draw
 * the layout they are given: the same cells at the same places, the same colours, the same blocked cells, the same
 * labels cut the same way.
 */

function matrix(rows: number, cols: number, f: (q: number, k: number) => number): Matrix {
  const data = new Float32Array(rows * cols);
  for (let q = 0; q < rows; q++) for (let k = 0; k < cols; k++) data[q * cols + k] = f(q, k);
  return { rows, cols, data };
}

const TOKENS = ['The', 'internationalisation', 'cat', '猫猫猫猫猫猫猫猫猫猫猫猫猫猫', 'sat', 'down'];
const n = TOKENS.length;
const causal = buildMask(n, n, { causal: true }) as BlockedMask;
// Scores with a −∞ logit outside the mask too (a `masked` matrix): blocked like a masked cell.
const scores = matrix(n, n, (q, k) => (k > q || (q === 4 && k === 1) ? -Infinity : Math.sin(q * 3 + k) * 2));

type Rect = { x: number; y: number; width: number; height: number };
const rectOf = (el: Element): Rect => ({ x: Number(el.getAttribute('x')), y: Number(el.getAttribute('y')), width: Number(el.getAttribute('width')), height: Number(el.getAttribute('height')) });
const round = (r: Rect): Rect => ({ x: Math.round(r.x * 100) / 100, y: Math.round(r.y * 100) / 100, width: Math.round(r.width * 100) / 100, height: Math.round(r.height * 100) / 100 });
const blockedCells = (l: HeatmapCellLayout): string[] => l.blockedRuns.flatMap(([q, k0, k1]) => Array.from({ length: k1 - k0 }, (_, j) => `${q},${k0 + j}`));

/** What the React SVG renderer draws of a layout: per cell its rect, fill and blocked flag; the hatch path. */
function drawnByReact(layout: HeatmapCellLayout) {
  const { container } = render(
    <svg>
      <HeatmapCells layout={layout} hatchId="h" />
    </svg>,
  );
  const cells = Array.from(container.querySelectorAll('rect[data-q]'), (el) => ({
    q: Number(el.getAttribute('data-q')),
    k: Number(el.getAttribute('data-k')),
    rect: round(rectOf(el)),
    fill: el.getAttribute('fill'),
    blocked: el.getAttribute('data-masked') === 'true',
  }));
  return { cells, hatch: container.querySelector('path.attention-heatmap__hatch')?.getAttribute('d') ?? '' };
}

/** What the export's SVG string draws: per cell its rect, fill and masked flag; the labels. */
function drawnByExport(svg: string) {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const cells = Array.from(doc.querySelectorAll('rect.cell'), (el) => ({
    q: Number(el.getAttribute('data-q')),
    k: Number(el.getAttribute('data-k')),
    rect: round(rectOf(el)),
    fill: el.getAttribute('fill'),
    blocked: el.classList.contains('masked'),
  }));
  const texts = (sel: string) => Array.from(doc.querySelectorAll(sel), (t) => t.textContent);
  return { cells, rowLabels: texts('.query-labels text'), colLabels: texts('.key-labels text') };
}

/** A 2-D context that records what a canvas renderer draws (jsdom has none). */
class RecordingContext {
  imageSmoothingEnabled = true;
  strokeStyle = '';
  lineWidth = 1;
  readonly rects: Rect[] = [];
  readonly draws: unknown[][] = [];
  image: { width: number; height: number; data: Uint8ClampedArray } | null = null;
  createImageData(width: number, height: number) {
    return { width, height, data: new Uint8ClampedArray(width * height * 4) };
  }
  putImageData(image: { width: number; height: number; data: Uint8ClampedArray }) {
    this.image = { ...image, data: image.data.slice() };
  }
  drawImage(...args: unknown[]) {
    this.draws.push(args);
  }
  rect(x: number, y: number, width: number, height: number) {
    this.rects.push({ x, y, width, height });
  }
  clearRect() {}
  beginPath() {}
  clip() {}
  moveTo() {}
  lineTo() {}
  stroke() {}
}

const contexts = new WeakMap<HTMLCanvasElement, RecordingContext>();
function recordCanvases() {
  return vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const ctx = contexts.get(this) ?? new RecordingContext();
    contexts.set(this, ctx);
    return ctx as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
}

/** What the canvas renderer draws of a layout at `ratio`: its one-pixel-per-cell image, where it goes, the hatched rects. */
function drawnByCanvas(layout: HeatmapCellLayout, ratio: number) {
  const spy = recordCanvases();
  try {
    const canvas = document.createElement('canvas');
    expect(paintHeatmap(canvas, layout, { pixelRatio: ratio })).toBe(true);
    const ctx = contexts.get(canvas)!;
    const [scratchDraw, hatchDraw] = ctx.draws;
    const scratch = scratchDraw[0] as HTMLCanvasElement;
    const overlay = hatchDraw?.[0] as HTMLCanvasElement | undefined;
    return {
      size: { width: canvas.width, height: canvas.height },
      image: contexts.get(scratch)!.image!,
      target: scratchDraw.slice(5) as number[],
      hatchRects: overlay ? contexts.get(overlay)!.rects : [],
    };
  } finally {
    spy.mockRestore();
  }
}

describe('the one heatmap cell layout', () => {
  it('lays out every cell on one grid, with a hairline gap only between SVG cells of 10 px or more', () => {
    const scale = heatmapScale('weights', scores, causal);
    const big = heatmapCellLayout({ matrix: scores, mask: causal, scale, size: 120 });
    expect(big).toMatchObject({ rows: n, cols: n, medium: 'svg', cellWidth: 20, cellHeight: 20, inset: 0.5, plotWidth: 120, plotHeight: 120 });
    expect(cellRect(big, 2, 3)).toEqual({ x: 60.5, y: 40.5, width: 19, height: 19 });
    expect(heatmapCellLayout({ matrix: scores, mask: causal, scale, size: 48 }).inset).toBe(0);
    expect(heatmapCellLayout({ matrix: scores, mask: causal, scale, size: 120, medium: 'canvas' }).inset).toBe(0);
    const long = cellGrid({ rows: SVG_TOKEN_LIMIT + 1, cols: SVG_TOKEN_LIMIT + 1, size: 400 });
    expect(long.medium).toBe('canvas');
    expect(long.inset).toBe(0);
  });

  it('blocks the masked cells and every −∞ logit, as runs per row, and colours them grey', () => {
    const layout = heatmapCellLayout({ matrix: scores, mask: causal, scale: heatmapScale('scores', scores, causal), size: 120 });
    expect(layout.blockedRuns).toContainEqual([4, 1, 2]);
    expect(layout.blockedRuns).toContainEqual([0, 1, 6]);
    expect(blockedCells(layout)).toHaveLength((n * (n - 1)) / 2 + 1);
    expect(cellFill(layout, 4 * n + 1)).toBe(MASKED_CELL_FILL);
    expect(cellFill(layout, 4 * n + 2)).toBe(layout.scale.color(scores.data[4 * n + 2]));
  });

  it('cuts labels one way: an ellipsis past the cut, the position in front when an axis is thinned', () => {
    expect(cutLabel('internationalisation', 1, false)).toBe('internation…');
    expect(cutLabel('internationalisation', 1, false, 16)).toBe('internationalis…');
    expect(cutLabel('w20', 20, true)).toBe('21·w20');
    const grid = cellGrid({ rows: n, cols: n, size: 120, queryTokens: TOKENS, keyTokens: TOKENS });
    expect(grid.rowLabels.map((l) => l.text)).toEqual(TOKENS.map((t, i) => cutLabel(t, i, false)));
    expect(grid.rowLabels.map((l) => l.at)).toEqual([10, 30, 50, 70, 90, 110]);
    const toks = Array.from({ length: 70 }, (_, i) => `t${i}`);
    const thin = cellGrid({ rows: 70, cols: 70, size: 350, queryTokens: toks, keyTokens: toks });
    expect(thin.rowsThinned).toBe(true);
    expect(thin.rowLabels[1].text).toBe(`${thin.rowLabels[1].index + 1}·t${thin.rowLabels[1].index}`);
  });
});

describe('three renderers draw the same layout', () => {
  const input: HeatmapExportInput = { matrix: scores, queryTokens: TOKENS, keyTokens: TOKENS, kind: 'scores', mask: causal, title: 'agree' };

  it('the React SVG cells and the export draw the same cells at the same places in the same colours', () => {
    const layout = exportCellLayout(input);
    const react = drawnByReact(layout);
    const file = drawnByExport(heatmapToSvg(input));
    expect(react.cells).toHaveLength(n * n);
    expect(file.cells).toHaveLength(n * n);
    for (let q = 0; q < n; q++) {
      for (let k = 0; k < n; k++) {
        const i = q * n + k;
        const expected = { rect: round(cellRect(layout, q, k)), blocked: cellBlocked(layout, i) };
        expect(react.cells[i]).toMatchObject({ q, k, ...expected, fill: cellFill(layout, i) });
        // The file fills a blocked cell with the hatch pattern itself; every other cell has the same colour.
        expect(file.cells[i]).toMatchObject({ q, k, ...expected });
        if (!expected.blocked) expect(file.cells[i].fill).toBe(react.cells[i].fill);
        else expect(file.cells[i].fill).toMatch(/^url\(#/);
      }
    }
    // The screen's hatch is one path over exactly the blocked cells.
    expect(react.hatch).toBe(blockedCellsPath(layout));
    expect(react.hatch.split('M').filter(Boolean)).toHaveLength(blockedCells(layout).length);
    expect(react.cells.filter((c) => c.blocked).map((c) => `${c.q},${c.k}`)).toEqual(blockedCells(layout));
  });

  it('the export writes the layout’s labels, cut the layout’s way', () => {
    const layout = exportCellLayout(input);
    const file = drawnByExport(heatmapToSvg(input));
    expect(file.rowLabels).toEqual(layout.rowLabels.map((l) => l.text));
    expect(file.colLabels).toEqual(layout.colLabels.map((l) => l.text));
    expect(file.rowLabels).toEqual(TOKENS.map((t, i) => cutLabel(t, i, false, layout.labelChars)));
    // A long export thins and prefixes its labels as the screen does.
    const toks = Array.from({ length: 70 }, (_, i) => `w${i}`);
    const wide: HeatmapExportInput = { ...input, matrix: matrix(70, 70, () => 0.5), queryTokens: toks, keyTokens: toks, mask: null };
    const wideLayout = exportCellLayout(wide);
    expect(wideLayout.rowsThinned).toBe(true);
    expect(drawnByExport(heatmapToSvg(wide)).rowLabels).toEqual(wideLayout.rowLabels.map((l) => l.text));
  });

  it('the canvas paints the same layout: one pixel per cell in the cell’s colour, over the plot area, hatched over the blocked runs', () => {
    const layout = heatmapCellLayout({ matrix: scores, mask: causal, scale: heatmapScale('scores', scores, causal), size: 120, medium: 'canvas' });
    const drawn = drawnByCanvas(layout, 2);
    expect(drawn.size).toEqual({ width: 240, height: 240 });
    expect(drawn.image).toMatchObject({ width: n, height: n });
    expect(drawn.target).toEqual([0, 0, 240, 240]);
    for (let i = 0; i < n * n; i++) {
      const want = rgb(cellFill(layout, i));
      const got = Array.from(drawn.image.data.slice(i * 4, i * 4 + 4));
      // The canvas samples the scale at 256 steps: within a step of the exact colour; blocked cells exactly grey.
      if (cellBlocked(layout, i)) expect(got).toEqual([want.r, want.g, want.b, 255]);
      else [want.r, want.g, want.b].forEach((c, j) => expect(Math.abs(got[j] - c), `cell ${i}`).toBeLessThanOrEqual(3));
    }
    const cell = 40; // 20 px cells at ratio 2
    expect(drawn.hatchRects).toEqual(layout.blockedRuns.map(([q, k0, k1]) => ({ x: k0 * cell, y: q * cell, width: (k1 - k0) * cell, height: cell })));
  });

  it('the lab’s heatmap draws its cells and labels from the layout (SVG up to the limit)', () => {
    const scale = heatmapScale('weights', scores, causal);
    const weights = matrix(n, n, (q, k) => (k <= q ? 1 / (q + 1) : 0));
    const { container } = render(<AttentionHeatmap matrix={weights} queryTokens={TOKENS} mask={causal} title="t" size={180} />);
    const page = heatmapLayout({ rows: n, cols: n, size: 180, queryTokens: TOKENS, keyTokens: TOKENS, showLabels: true, hasFullyMaskedRows: false });
    const layout = heatmapCellLayout({ matrix: weights, mask: causal, scale, size: 180, queryTokens: TOKENS, keyTokens: TOKENS });
    expect(page.rowLabels).toEqual(layout.rowLabels);
    const cells = Array.from(container.querySelectorAll('rect[data-q]'));
    expect(cells).toHaveLength(n * n);
    cells.forEach((el, i) => expect(round(rectOf(el))).toEqual(round(cellRect(layout, Math.floor(i / n), i % n))));
    expect(Array.from(container.querySelectorAll('text[data-axis="query"]'), (t) => t.textContent)).toEqual(layout.rowLabels.map((l) => l.text));
    expect(Array.from(container.querySelectorAll('text[data-axis="key"]'), (t) => t.textContent)).toEqual(layout.colLabels.map((l) => l.text));
  });
});
