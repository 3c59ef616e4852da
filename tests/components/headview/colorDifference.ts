/*
 * Colour maths for the head-colour tests: sRGB hex → CIELAB (D65), the CIEDE2000 colour difference (Sharma, Wu &
 * Dalal 2005), and the WCAG contrast ratio. Test-only: the app needs none of it at run time.
 */

/** A colour in CIELAB: lightness L* (0 black … 100 white), a* (green − / red +), b* (blue − / yellow +). */
export interface Lab {
  readonly L: number;
  readonly a: number;
  readonly b: number;
}

/** '#RRGGBB' → [r, g, b], each 0…255. */
function channels(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** One sRGB channel (0…255) → linear light (0…1). */
function linear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance, 0 (black) … 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 … 21. */
export function contrastRatio(x: string, y: string): number {
  const [hi, lo] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

/** sRGB hex → CIELAB with the D65 white point. */
export function hexToLab(hex: string): Lab {
  const [r, g, b] = channels(hex).map(linear);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** The hue angle h_ab in degrees, 0 … 360 (0 for a grey, whose hue is undefined). */
export function hueAngle({ a, b }: Lab): number {
  if (a === 0 && b === 0) return 0;
  const h = toDeg(Math.atan2(b, a));
  return h < 0 ? h + 360 : h;
}

/** The smaller angle between two hue angles, 0 … 180 degrees. */
export function hueGap(h1: number, h2: number): number {
  const d = Math.abs(h1 - h2) % 360;
  return Math.min(d, 360 - d);
}

/** Chroma C*ab: 0 for a grey. */
export function chroma({ a, b }: Lab): number {
  return Math.hypot(a, b);
}

/** CIEDE2000 ΔE00 between two CIELAB colours (kL = kC = kH = 1), as in Sharma, Wu & Dalal (2005). */
export function ciede2000(c1: Lab, c2: Lab): number {
  const cBar = (chroma(c1) + chroma(c2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const a1 = (1 + g) * c1.a;
  const a2 = (1 + g) * c2.a;
  const C1 = Math.hypot(a1, c1.b);
  const C2 = Math.hypot(a2, c2.b);
  const h1 = hueAngle({ L: c1.L, a: a1, b: c1.b });
  const h2 = hueAngle({ L: c2.L, a: a2, b: c2.b });
  const bothChromatic = C1 * C2 !== 0;

  const dL = c2.L - c1.L;
  const dC = C2 - C1;
  let dh = 0;
  if (bothChromatic) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(C1 * C2) * Math.sin(toRad(dh / 2));

  const lBar = (c1.L + c2.L) / 2;
  const cBarPrime = (C1 + C2) / 2;
  let hBar = h1 + h2;
  if (bothChromatic) {
    if (Math.abs(h1 - h2) <= 180) hBar = (h1 + h2) / 2;
    else hBar = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t = 1 - 0.17 * Math.cos(toRad(hBar - 30)) + 0.24 * Math.cos(toRad(2 * hBar)) + 0.32 * Math.cos(toRad(3 * hBar + 6)) - 0.2 * Math.cos(toRad(4 * hBar - 63));
  const dTheta = 30 * Math.exp(-(((hBar - 275) / 25) ** 2));
  const rC = 2 * Math.sqrt(cBarPrime ** 7 / (cBarPrime ** 7 + 25 ** 7));
  const sL = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sC = 1 + 0.045 * cBarPrime;
  const sH = 1 + 0.015 * cBarPrime * t;
  const rT = -Math.sin(toRad(2 * dTheta)) * rC;
  const l = dL / sL;
  const c = dC / sC;
  const h = dH / sH;
  return Math.sqrt(l * l + c * c + h * h + rT * c * h);
}

/** CIEDE2000 between two sRGB hex colours. */
export function deltaE2000(x: string, y: string): number {
  return ciede2000(hexToLab(x), hexToLab(y));
}
