import { PLANE_LIMIT, type Point, type Scene } from './VectorDragModel';
import { placeLabels, type Box, type PlacedLabel, type Vec } from './vectorDragLabels';

// The vector-drag widget's drawing units: the plane is SIZE × SIZE SVG units inside a MARGIN for the words; y points
// up in the plane and down on screen.
export const SIZE = 300;
export const MARGIN = 20;
export const UNIT = SIZE / (2 * PLANE_LIMIT);
export const VIEW = SIZE + 2 * MARGIN;
export const toPx = (p: Point): Vec => ({ x: SIZE / 2 + p.x * UNIT, y: SIZE / 2 - p.y * UNIT });

/** The words' font size in SVG units: basics.css, .lw-basics-drag__word. */
export const WORD_FONT = 13;
/** The viewBox: every word stays inside it. */
export const VIEW_BOX: Box = { left: -MARGIN, top: -MARGIN, width: VIEW, height: VIEW };

/** The unit direction on screen from the origin through the tip (up-right for a tip at the origin). */
function awayFrom(p: Point): Vec {
  const length = Math.hypot(p.x, p.y);
  return length > 1e-6 ? { x: p.x / length, y: -p.y / length } : { x: Math.SQRT1_2, y: -Math.SQRT1_2 };
}

/** A square of half-side r round a point: what a word should not cover. */
const around = (c: Vec, r: number): Box => ({ left: c.x - r, top: c.y - r, width: 2 * r, height: 2 * r });

export interface SceneWords {
  /** One word per key, in the scene's key order. */
  readonly keys: readonly string[];
  readonly query: string;
  /** The key drawn bold (the largest weight). */
  readonly best: number;
}

/**
 * Where the words go, the keys' in order and then the query's (the last entry): each beyond its tip, moved aside
 * where another word, a handle or the output point is.
 */
export function wordPlaces(scene: Scene, words: SceneWords, output: Point): PlacedLabel[] {
  const requests = [
    ...scene.keys.map((k, i) => ({ text: words.keys[i], bold: i === words.best, tip: toPx(k), away: awayFrom(k) })),
    { text: words.query, bold: true, tip: toPx(scene.query), away: awayFrom(scene.query) },
  ];
  const obstacles = [...scene.keys.map((k) => around(toPx(k), 8)), around(toPx(scene.query), 8), around(toPx(output), 9)];
  return placeLabels(requests, { fontSize: WORD_FONT, bounds: VIEW_BOX, obstacles });
}
