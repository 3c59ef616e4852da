/*
 * Where the vector-drag widget writes its words (the four keys and the query). Each word wants to sit a little
 * beyond its arrow tip, away from the origin; when that spot is taken by an earlier word (two tips close together,
 * or the query dragged onto a key) or by a point, it moves round the tip and further out until it is free. Pure
 * SVG-unit geometry, so a test can check that no two words ever overlap, in English and in Chinese.
 */

export interface Vec {
  readonly x: number;
  readonly y: number;
}

/** An axis-aligned box in SVG units: left, top, width, height. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface LabelRequest {
  readonly text: string;
  /** Bold text is wider. */
  readonly bold: boolean;
  /** The arrow tip, in SVG units. */
  readonly tip: Vec;
  /** The unit direction, on screen (y down), the word prefers to move away from the tip in. */
  readonly away: Vec;
}

/** The text's anchor (textAnchor="middle", baseline at y) and the box the text covers. */
export interface PlacedLabel {
  readonly x: number;
  readonly y: number;
  readonly box: Box;
}

export interface LabelLayout {
  /** Font size of the words in SVG units (basics.css .lw-basics-drag__word). */
  readonly fontSize: number;
  /** The labels stay inside this box (the SVG's viewBox). */
  readonly bounds: Box;
  /** Points the words must not cover (the handles), when there is room elsewhere. */
  readonly obstacles: readonly Box[];
}

/** Distance from the tip to the word's centre at first, and how much further each ring of candidates goes. */
const FIRST_DISTANCE = 22;
const RING_STEP = 12;
const RINGS = 6;
/** Turns round the tip, away-direction first, then alternately either side. */
const TURNS_DEG = [0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180];
/** Free space kept between two words, so their white halos do not touch. */
const GAP = 1;
/** The white stroke round each glyph (stroke-width 3px) adds half of it on each side. */
const HALO = 3;

// Wide characters (CJK, kana, Hangul, full-width forms) are about 1 em; anything else at most about 0.62 em in a
// system sans-serif (0.68 em bold). An over-estimate only leaves a little more space.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** The estimated width of `text` in SVG units, halo included (jsdom has no text layout). */
export function textWidth(text: string, fontSize: number, bold: boolean): number {
  const narrow = bold ? 0.68 : 0.62;
  let ems = 0;
  for (const ch of text) ems += WIDE.test(ch) ? 1 : narrow;
  return ems * fontSize + HALO;
}

/** The box a word covers when drawn with textAnchor="middle" at (x, baseline y). */
export function labelBox(text: string, x: number, y: number, fontSize: number, bold: boolean): Box {
  const width = textWidth(text, fontSize, bold);
  // Ascent ≈ 0.95 em above the baseline, descent ≈ 0.3 em below (CJK glyphs fill about this much too).
  return { left: x - width / 2, top: y - 0.95 * fontSize, width, height: 1.25 * fontSize };
}

export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return a.left < b.left + b.width + gap && b.left < a.left + a.width + gap && a.top < b.top + b.height + gap && b.top < a.top + a.height + gap;
}

function inside(box: Box, bounds: Box): boolean {
  return box.left >= bounds.left && box.top >= bounds.top && box.left + box.width <= bounds.left + bounds.width && box.top + box.height <= bounds.top + bounds.height;
}

/** The label whose box is centred on `centre`. */
function centredAt(request: LabelRequest, centre: Vec, fontSize: number): PlacedLabel {
  const y = centre.y + (0.95 - 1.25 / 2) * fontSize;
  return { x: centre.x, y, box: labelBox(request.text, centre.x, y, fontSize, request.bold) };
}

function rotate(v: Vec, degrees: number): Vec {
  const r = (degrees * Math.PI) / 180;
  return { x: v.x * Math.cos(r) - v.y * Math.sin(r), y: v.x * Math.sin(r) + v.y * Math.cos(r) };
}

/** Candidate centres nearest first: rings round the tip, each ring starting in the away direction. */
function* candidates(request: LabelRequest): Generator<Vec> {
  for (let ring = 0; ring < RINGS; ring++) {
    const distance = FIRST_DISTANCE + ring * RING_STEP;
    for (const turn of TURNS_DEG) {
      const d = rotate(request.away, turn);
      yield { x: request.tip.x + d.x * distance, y: request.tip.y + d.y * distance };
    }
  }
}

/** Every position of a grid over the bounds, nearest to `near` first: the last resort, which always finds room. */
function* gridNear(near: Vec, bounds: Box, step = 4): Generator<Vec> {
  const points: Vec[] = [];
  for (let x = bounds.left; x <= bounds.left + bounds.width; x += step) for (let y = bounds.top; y <= bounds.top + bounds.height; y += step) points.push({ x, y });
  points.sort((a, b) => Math.hypot(a.x - near.x, a.y - near.y) - Math.hypot(b.x - near.x, b.y - near.y));
  yield* points;
}

/**
 * Places the words in the given order (earlier words keep their preferred spot): each at the first candidate that
 * stays inside the bounds and overlaps neither a word placed before it nor an obstacle; failing that, one that only
 * avoids the words; failing that, the nearest free spot anywhere in the bounds.
 */
export function placeLabels(requests: readonly LabelRequest[], layout: LabelLayout): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  for (const request of requests) {
    const fits = (label: PlacedLabel, avoidObstacles: boolean): boolean =>
      inside(label.box, layout.bounds) &&
      placed.every((p) => !boxesOverlap(p.box, label.box, GAP)) &&
      (!avoidObstacles || layout.obstacles.every((o) => !boxesOverlap(o, label.box)));
    const preferred = centredAt(request, { x: request.tip.x + request.away.x * FIRST_DISTANCE, y: request.tip.y + request.away.y * FIRST_DISTANCE }, layout.fontSize);
    let chosen: PlacedLabel | undefined;
    for (const avoidObstacles of [true, false]) {
      for (const centre of candidates(request)) {
        const label = centredAt(request, centre, layout.fontSize);
        if (fits(label, avoidObstacles)) {
          chosen = label;
          break;
        }
      }
      if (chosen) break;
    }
    if (!chosen) {
      for (const centre of gridNear({ x: request.tip.x, y: request.tip.y }, layout.bounds)) {
        const label = centredAt(request, centre, layout.fontSize);
        if (fits(label, false)) {
          chosen = label;
          break;
        }
      }
    }
    // Only when the bounds cannot hold every word at all (never for the widget's five words in its 340-unit view).
    placed.push(chosen ?? preferred);
  }
  return placed;
}
