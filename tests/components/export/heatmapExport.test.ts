import fc from 'fast-check';
import { buildMask, type BlockedMask, type Matrix } from '../../../src/engine';
import { MASKED_CELL_FILL, MASKED_HATCH_STROKE, maxAbsFinite, scoreColor, weightColor } from '../../../src/components/heatmap/palettes';
import {
  escapeCsv,
  escapeXml,
  formatFloat32,
  heatmapFromJson,
  heatmapToCsv,
  heatmapToJson,
  heatmapToJsonObject,
  heatmapToSvg,
  SVG_CELL_TITLE_LIMIT,
  type HeatmapExportInput,
} from '../../../src/components/export/heatmapExport';
import { DEFAULT_SETTINGS } from '../../../src/state/labStore';

const XSS = '<img src=x onerror=alert(1)>';
const TOKENS = ['The', XSS, 'a&b', '"quoted", too', '猫', 'line\nbreak'];

function matrix(rows: number, cols: number, f: (q: number, k: number) => number): Matrix {
  const data = new Float32Array(rows * cols);
  for (let q = 0; q < rows; q++) for (let k = 0; k < cols; k++) data[q * cols + k] = f(q, k);
  return { rows, cols, data };
}

/** Causal softmax-like weights: row q spreads evenly over keys 0…q. */
function causalInput(tokens: readonly string[] = TOKENS): HeatmapExportInput {
  const n = tokens.length;
  const mask = buildMask(n, n, { causal: true });
  return { matrix: matrix(n, n, (q, k) => (k <= q ? 1 / (q + 1) : 0)), queryTokens: tokens, keyTokens: tokens, kind: 'weights', mask, title: 'Layer 1 · head 2 <b>', palette: 'viridis' };
}

function parseSvg(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const cellAt = (doc: Document, q: number, k: number) => doc.querySelector(`rect.cell[data-q="${q}"][data-k="${k}"]`);

describe('heatmapToSvg', () => {
  it('is a well-formed standalone SVG document with one cell per matrix entry', () => {
    const input = causalInput();
    const doc = parseSvg(heatmapToSvg(input));
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(root.tagName).toBe('svg');
    expect(Number(root.getAttribute('width'))).toBeGreaterThan(0);
    expect(root.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(doc.querySelectorAll('rect.cell')).toHaveLength(TOKENS.length * TOKENS.length);
  });

  it('fills cells with the screen palette and hatches masked cells grey', () => {
    const input = causalInput();
    const doc = parseSvg(heatmapToSvg(input));
    const viridis = weightColor('viridis');
    for (const [q, k] of [[0, 0], [1, 0], [3, 2], [5, 5]]) {
      expect(cellAt(doc, q, k)?.getAttribute('fill')).toBe(viridis(input.matrix.data[q * TOKENS.length + k]));
    }
    expect(cellAt(doc, 0, 0)?.getAttribute('fill')).toBe(viridis(1));
    const masked = cellAt(doc, 0, 3);
    expect(masked?.getAttribute('class')).toBe('cell masked');
    const patternId = /^url\(#(.+)\)$/.exec(masked?.getAttribute('fill') ?? '')?.[1];
    const pattern = doc.getElementById(patternId ?? '');
    expect(pattern?.tagName).toBe('pattern');
    expect(pattern?.querySelector('rect')?.getAttribute('fill')).toBe(MASKED_CELL_FILL);
    expect(pattern?.querySelector('line')?.getAttribute('stroke')).toBe(MASKED_HATCH_STROKE);
    expect(doc.querySelectorAll('rect.cell.masked')).toHaveLength((TOKENS.length * (TOKENS.length - 1)) / 2);
    // The legend explains the hatching.
    expect(doc.querySelector('.legend')?.textContent).toContain('Masked');
  });

  it('uses the other weight palette when asked', () => {
    const input = { ...causalInput(), palette: 'cividis' as const };
    const doc = parseSvg(heatmapToSvg(input));
    expect(cellAt(doc, 2, 1)?.getAttribute('fill')).toBe(weightColor('cividis')(input.matrix.data[2 * TOKENS.length + 1]));
  });

  it('scores use the diverging score palette; masked −∞ logits are hatched, not a colour', () => {
    const base = causalInput();
    const m = matrix(TOKENS.length, TOKENS.length, (q, k) => (k > q ? -Infinity : (q - k) * 0.7 - 1.5));
    const doc = parseSvg(heatmapToSvg({ ...base, matrix: m, kind: 'scores' }));
    const color = scoreColor(maxAbsFinite(m.data));
    expect(cellAt(doc, 4, 1)?.getAttribute('fill')).toBe(color(m.data[4 * TOKENS.length + 1]));
    expect(cellAt(doc, 1, 4)?.getAttribute('fill')).toMatch(/^url\(#/);
    expect(doc.querySelector('.legend')?.textContent).toContain('Score');
  });

  it('labels both axes with the (escaped) tokens and names the axes', () => {
    const svg = heatmapToSvg(causalInput());
    expect(svg).not.toContain(XSS);
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(svg).toContain('a&amp;b');
    expect(svg).toContain('&quot;quoted&quot;, too');
    const doc = parseSvg(svg);
    expect(doc.getElementsByTagName('img')).toHaveLength(0);
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    const queryLabels = Array.from(doc.querySelectorAll('.query-labels text'), (t) => t.textContent);
    const keyLabels = Array.from(doc.querySelectorAll('.key-labels text'), (t) => t.textContent);
    // Labels longer than 16 characters are shortened; the cell tooltips keep the whole token.
    const shown = TOKENS.map((t) => (t === XSS ? '<img src=x oner…' : t));
    expect(queryLabels).toEqual(shown);
    expect(keyLabels).toEqual(shown);
    expect(doc.querySelector('.axis-name.queries')?.textContent).toBe('Queries (attending from)');
    expect(doc.querySelector('.axis-name.keys')?.textContent).toBe('Keys (attended to)');
    expect(doc.querySelector('title')?.textContent).toBe('Layer 1 · head 2 <b>');
    expect(cellAt(doc, 1, 0)?.querySelector('title')?.textContent).toBe(`${XSS} → The: 0.5`);
  });

  it('writes the given (translated) labels', () => {
    const doc = parseSvg(heatmapToSvg({ ...causalInput(), labels: { queries: '查询', keys: '键', masked: '已掩码' } }));
    expect(doc.querySelector('.axis-name.queries')?.textContent).toBe('查询');
    expect(doc.querySelector('.legend')?.textContent).toContain('已掩码');
  });

  it('stays well-formed with characters XML cannot hold', () => {
    const tokens = ['a\u0001b', 'lone\uD800', ']]>', "it's"];
    const doc = parseSvg(heatmapToSvg({ ...causalInput(tokens), title: '\u0000title' }));
    expect(Array.from(doc.querySelectorAll('.query-labels text'), (t) => t.textContent)).toEqual(['a\uFFFDb', 'lone\uFFFD', ']]>', "it's"]);
  });

  it('handles a non-square matrix, no mask, and big grids (cells without tooltips)', () => {
    const n = 70;
    const tokens = Array.from({ length: n }, (_, i) => `t${i}`);
    const input: HeatmapExportInput = { matrix: matrix(3, n, () => 1 / n), queryTokens: ['x', 'y', 'z'], keyTokens: tokens, kind: 'weights', mask: null, title: 'wide' };
    const doc = parseSvg(heatmapToSvg(input));
    expect(doc.querySelectorAll('rect.cell')).toHaveLength(3 * n);
    expect(doc.querySelectorAll('rect.masked')).toHaveLength(0);
    const big = parseSvg(heatmapToSvg({ ...input, matrix: matrix(n, n, () => 1 / n), queryTokens: tokens }));
    expect(n * n).toBeGreaterThan(SVG_CELL_TITLE_LIMIT);
    expect(big.querySelectorAll('rect.cell')).toHaveLength(n * n);
    expect(big.querySelectorAll('rect.cell title')).toHaveLength(0);
  });

  it('says what is wrong when shapes disagree', () => {
    const input = causalInput();
    expect(() => heatmapToSvg({ ...input, keyTokens: TOKENS.slice(1) })).toThrow(/6 key columns but 5 key tokens/);
    expect(() => heatmapToSvg({ ...input, mask: buildMask(2, 2, { causal: true }) })).toThrow(/mask is 2×2 but the matrix is 6×6/);
  });
});

describe('heatmapToCsv', () => {
  it('has a header row of key tokens and a row per query; masked cells are empty fields', () => {
    const tokens = ['a', 'b', 'c'];
    const csv = heatmapToCsv(causalInput(tokens));
    expect(csv).toBe('query \\ key,a,b,c\r\na,1,,\r\nb,0.5,0.5,\r\nc,0.33333334,0.33333334,0.33333334\r\n');
  });

  it('escapes tokens with commas, quotes and line breaks, and guards formulas', () => {
    const tokens = ['x,y', 'say "hi"', 'two\nlines', '=HYPERLINK("http://evil")', '-', '@cmd'];
    const lines = heatmapToCsv({ ...causalInput(tokens), mask: null }).split('\r\n');
    expect(lines[0]).toBe('query \\ key,"x,y","say ""hi""","two\nlines","\'=HYPERLINK(""http://evil"")",-,\'@cmd');
    expect(escapeCsv('plain')).toBe('plain');
    expect(escapeCsv('a\rb')).toBe('"a\rb"');
  });

  it('writes enough digits to read back the same float32 values', () => {
    const m = matrix(4, 4, (q, k) => Math.sin(q * 7 + k) / 3);
    const csv = heatmapToCsv({ matrix: m, queryTokens: ['a', 'b', 'c', 'd'], keyTokens: ['a', 'b', 'c', 'd'], kind: 'scores', mask: null, title: '' });
    const values = csv.trim().split('\r\n').slice(1).flatMap((line) => line.split(',').slice(1).map(Number));
    expect(Float32Array.from(values)).toEqual(m.data);
  });
});

describe('formatFloat32', () => {
  it('is the shortest decimal that reads back as the same float32', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = formatFloat32(x);
        // == rather than Object.is: −0 is written as "0", which is what a reader of the file expects.
        expect(Math.fround(Number(s)) === Math.fround(x)).toBe(true);
      }),
    );
    expect(formatFloat32(-0)).toBe('0');
    expect(formatFloat32(Math.fround(0.1))).toBe('0.1');
    expect(formatFloat32(-Infinity)).toBe('-Infinity');
  });
});

describe('heatmapToJson', () => {
  it('round-trips titles, tokens, values and the mask', () => {
    const input = causalInput();
    const back = heatmapFromJson(heatmapToJson({ ...input, settings: DEFAULT_SETTINGS }));
    expect(back.matrix).toEqual(input.matrix);
    expect(back.mask).toEqual(input.mask);
    expect(back.json).toMatchObject({ title: input.title, kind: 'weights', queries: TOKENS, keys: TOKENS, settings: DEFAULT_SETTINGS });
  });

  it('has the documented shape; −∞ (masked scores) becomes null and comes back as −∞', () => {
    const m = matrix(2, 2, (q, k) => (k > q ? -Infinity : 0.25 * (q + k)));
    const mask = buildMask(2, 2, { causal: true }) as BlockedMask;
    const input: HeatmapExportInput = { matrix: m, queryTokens: ['x', 'y'], keyTokens: ['x', 'y'], kind: 'scores', mask, title: 'scores' };
    expect(heatmapToJsonObject(input)).toEqual({ title: 'scores', kind: 'scores', queries: ['x', 'y'], keys: ['x', 'y'], values: [[0, null], [0.25, 0.5]], masked: [[false, true], [false, false]] });
    const back = heatmapFromJson(heatmapToJson(input));
    expect(Array.from(back.matrix.data)).toEqual([0, -Infinity, 0.25, 0.5]);
    expect(back.mask).toEqual(mask);
  });
});

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
