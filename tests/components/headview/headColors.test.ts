import { HEAD_COLORS, headStroke } from '../../../src/components/headview/headColors';
import { chroma, ciede2000, contrastRatio, deltaE2000, hexToLab, hueAngle, hueGap } from './colorDifference';

/** Two heads' colours must be at least this far apart in CIEDE2000 (ΔE00 ≈ 2 is a just-noticeable difference). */
const MIN_DELTA_E = 25;
/** …and their hue angles at least this far apart: a different hue each, not a lighter shade of the same one. */
const MIN_HUE_GAP = 20;
/** WCAG's minimum for graphical objects: a 2 px line has to stand out from the white page. */
const MIN_CONTRAST = 3;

/** The palette before issue 17 (Okabe–Ito), which students found hard to tell apart as thin lines. */
const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#000000', '#F0E442'];

const first8 = Array.from({ length: 8 }, (_, h) => headStroke(h).color);

function pairs(colours: readonly string[]): [string, string][] {
  return colours.flatMap((x, i) => colours.slice(i + 1).map((y): [string, string] => [x, y]));
}

/** The pairs closer than `min` in CIEDE2000, as "x/y" (so a failure names them). */
function closePairs(colours: readonly string[], min: number): string[] {
  return pairs(colours)
    .filter(([x, y]) => deltaE2000(x, y) < min)
    .map(([x, y]) => `${x}/${y}`);
}

describe('the colour maths the palette is checked with', () => {
  it('computes CIEDE2000 as Sharma, Wu & Dalal’s published test pairs', () => {
    const cases: [[number, number, number], [number, number, number], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[50, 2.5, 0], [61, -5, 29], 22.8977],
      [[50, 2.5, 0], [56, -27, -3], 31.903],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[35.0831, -44.1164, 3.7933], [35.0232, -40.0716, 1.5901], 1.8645],
      [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
      [[90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381],
    ];
    for (const [[L1, a1, b1], [L2, a2, b2], expected] of cases) {
      expect(ciede2000({ L: L1, a: a1, b: b1 }, { L: L2, a: a2, b: b2 })).toBeCloseTo(expected, 4);
    }
  });

  it('converts sRGB to CIELAB and gives WCAG contrast ratios', () => {
    const red = hexToLab('#FF0000');
    expect([red.L, red.a, red.b].map((v) => Math.round(v * 10) / 10)).toEqual([53.2, 80.1, 67.2]);
    expect(hexToLab('#FFFFFF').L).toBeCloseTo(100, 3);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 6);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });

  it('would reject the old Okabe–Ito palette: orange and vermillion, blue and sky blue are too close, yellow too faint', () => {
    expect(deltaE2000('#E69F00', '#D55E00')).toBeLessThan(MIN_DELTA_E); // heads 2 and 5
    expect(deltaE2000('#0072B2', '#56B4E9')).toBeLessThan(MIN_DELTA_E); // heads 1 and 6
    expect(deltaE2000('#E69F00', '#F0E442')).toBeLessThan(MIN_DELTA_E); // heads 2 and 8
    expect(contrastRatio('#F0E442', '#FFFFFF')).toBeLessThan(MIN_CONTRAST);
    expect(hueGap(hueAngle(hexToLab('#0072B2')), hueAngle(hexToLab('#56B4E9')))).toBeLessThan(MIN_HUE_GAP);
  });
});

describe('head colours', () => {
  it('the first eight heads are solid lines in the eight palette colours, all different', () => {
    expect(first8).toEqual(HEAD_COLORS);
    expect(new Set(first8).size).toBe(8);
    expect(Array.from({ length: 8 }, (_, h) => headStroke(h).dash)).toEqual(Array.from({ length: 8 }, () => []));
  });

  it('every pair of the first eight colours is at least ΔE00 25 apart', () => {
    expect(closePairs(first8, MIN_DELTA_E)).toEqual([]);
    expect(closePairs(OKABE_ITO, MIN_DELTA_E).length).toBeGreaterThan(0);
  });

  it('each of the first eight is a colour (no grey or black) of its own hue, at least 20° from every other', () => {
    const labs = first8.map(hexToLab);
    expect(labs.every((lab) => chroma(lab) >= 40)).toBe(true);
    const hues = labs.map(hueAngle);
    const close = pairs(first8).filter(([x, y]) => hueGap(hues[first8.indexOf(x)], hues[first8.indexOf(y)]) < MIN_HUE_GAP);
    expect(close).toEqual([]);
  });

  it('every colour reads as a line on the white page: contrast at least 3:1', () => {
    const faint = first8.filter((c) => contrastRatio(c, '#FFFFFF') < MIN_CONTRAST);
    expect(faint).toEqual([]);
  });

  it('heads 9–16 repeat the hues dashed and thinner, heads 17–24 dotted', () => {
    for (let h = 0; h < 8; h++) {
      expect(headStroke(h + 8).color).toBe(headStroke(h).color);
      expect(headStroke(h + 16).color).toBe(headStroke(h).color);
    }
    expect(headStroke(8).dash).toEqual([6, 3]);
    expect(headStroke(16).dash).toEqual([2, 2]);
    expect(headStroke(8).width).toBeLessThan(headStroke(0).width);
  });
});
