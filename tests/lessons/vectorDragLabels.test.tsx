import { act, render } from '@testing-library/react';
import fc from 'fast-check';
import { translate } from '../../src/i18n/translate';
import { VectorDrag } from '../../src/lessons/widgets/VectorDrag';
import { argmax, initialScene, PLANE_LIMIT, type Point, type Scene } from '../../src/lessons/widgets/VectorDragModel';
import { attend } from '../../src/run/experiments/small';
import { boxesOverlap, labelBox, textWidth, type Box } from '../../src/lessons/widgets/vectorDragLabels';
import { VIEW_BOX, WORD_FONT, wordPlaces, type SceneWords } from '../../src/lessons/widgets/vectorDragPlane';
import { useUi, type Locale } from '../../src/state/uiStore';

// Lesson 1's vector-drag widget wrote "tired" over "it" ("tiitd"), and 累 under 它, when the query sat on a key.
// The words' boxes (estimated from the characters: jsdom has no text layout) must never overlap, in either language.

const LOCALES: readonly Locale[] = ['en', 'zh'];
const KEY_WORDS = ['lw.basics.drag.word0', 'lw.basics.drag.word1', 'lw.basics.drag.word2', 'lw.basics.drag.word3'] as const;

function wordsFor(locale: Locale, scene: Scene): SceneWords {
  return { keys: KEY_WORDS.map((k) => translate(locale, k)), query: translate(locale, 'lw.basics.drag.wordQuery'), best: argmax(attend({ query: scene.query, keys: scene.keys }).weights) };
}

function overlappingPairs(boxes: readonly Box[], names: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (boxesOverlap(boxes[i], boxes[j])) pairs.push(`${names[i]} × ${names[j]}`);
  return pairs;
}

const insideView = (b: Box) => b.left >= VIEW_BOX.left && b.top >= VIEW_BOX.top && b.left + b.width <= VIEW_BOX.left + VIEW_BOX.width && b.top + b.height <= VIEW_BOX.top + VIEW_BOX.height;

function expectSeparateWords(locale: Locale, scene: Scene): void {
  const words = wordsFor(locale, scene);
  const places = wordPlaces(scene, words, attend({ query: scene.query, keys: scene.keys }).output);
  const names = [...words.keys, words.query];
  expect(places).toHaveLength(names.length);
  expect(overlappingPairs(places.map((p) => p.box), names), JSON.stringify(scene)).toEqual([]);
  for (const p of places) expect(insideView(p.box), JSON.stringify(scene)).toBe(true);
}

const corner: Point = { x: PLANE_LIMIT, y: PLANE_LIMIT };
const SCENES: readonly (readonly [string, Scene])[] = [
  ['the default scene', initialScene()],
  ...[0, 1, 2, 3].map((k) => [`the query on key ${k + 1}`, initialScene(k)] as const),
  ['every point at the origin', { query: { x: 0, y: 0 }, keys: [0, 1, 2, 3].map(() => ({ x: 0, y: 0 })) }],
  ['every point in the top-right corner', { query: corner, keys: [0, 1, 2, 3].map(() => corner) }],
  ['every point in the bottom-left corner', { query: { x: -PLANE_LIMIT, y: -PLANE_LIMIT }, keys: [0, 1, 2, 3].map(() => ({ x: -PLANE_LIMIT, y: -PLANE_LIMIT })) }],
];

describe.each(LOCALES)('vector-drag word placement (%s)', (locale) => {
  it.each(SCENES)('%s: no two words overlap and all stay in the picture', (_name, scene) => {
    expectSeparateWords(locale, scene);
  });

  it('any scene a student can drag to: no two words overlap', () => {
    const coordinate = fc.integer({ min: -25, max: 25 }).map((v) => v / 10);
    const point = fc.record({ x: coordinate, y: coordinate });
    fc.assert(
      fc.property(point, fc.array(point, { minLength: 4, maxLength: 4 }), (query, keys) => expectSeparateWords(locale, { query, keys })),
      { numRuns: 150 },
    );
  });
});

describe('the width estimate', () => {
  it('counts a Chinese character as a full em and a Latin letter as less', () => {
    expect(textWidth('累', WORD_FONT, false)).toBeGreaterThan(textWidth('i', WORD_FONT, false));
    expect(textWidth('动物', WORD_FONT, false)).toBeGreaterThanOrEqual(2 * WORD_FONT);
    expect(textWidth('tired', WORD_FONT, true)).toBeGreaterThan(textWidth('tired', WORD_FONT, false));
  });
});

describe.each(LOCALES)('the rendered widget (%s)', (locale) => {
  it('with the query on “tired” / “累”, the words drawn do not overlap', () => {
    act(() => useUi.setState({ locale }));
    const { container } = render(<VectorDrag config={{ queryOnKey: 1 }} />);
    const texts = Array.from(container.querySelectorAll<SVGTextElement>('text.lw-basics-drag__word'));
    const names = texts.map((el) => el.textContent ?? '');
    expect(names).toEqual([...KEY_WORDS.map((k) => translate(locale, k)), translate(locale, 'lw.basics.drag.wordQuery')]);
    const boxes = texts.map((el) => {
      const bold = el.classList.contains('is-best') || el.classList.contains('lw-basics-drag__word--query');
      return labelBox(el.textContent ?? '', Number(el.getAttribute('x')), Number(el.getAttribute('y')), WORD_FONT, bold);
    });
    expect(overlappingPairs(boxes, names)).toEqual([]);
  });
});
