import katex from 'katex';
import { LESSONS } from '../../src/lessons/content';
import { parseRichText } from '../../src/shared/richText';
import { bilingualTexts } from './bilingualTexts';
import { LESSON_SLUGS, WIDGET_IDS, type Block, type Lesson, type WidgetId } from '../../src/lessons/types';
import { WIDGETS } from '../../src/lessons/widgets/registry';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { parseQuery, settingsToQuery } from '../../src/state/url/urlState';
import { POST_LN_STEPS } from '../../src/state/walkthroughStore';
import { parsePlaygroundQuery, playgroundQuery } from '../../src/playground/playgroundUrl';

/** The prose a reader sees outside inline math and code. */
const proseOf = (text: string) =>
  parseRichText(text)
    .filter((p) => p.kind === 'text' || p.kind === 'bold')
    .map((p) => ('text' in p ? p.text : ''))
    .join(' ');

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /[A-Za-z]{3,}/;

function widgetsOf(lesson: Lesson): WidgetId[] {
  return lesson.blocks.flatMap((b) => (b.kind === 'widget' ? [b.widget] : b.kind === 'question' && b.question.reveal ? [b.question.reveal.widget] : []));
}

const ofKind = <K extends Block['kind']>(lesson: Lesson, kind: K) => lesson.blocks.filter((b): b is Extract<Block, { kind: K }> => b.kind === kind);

describe('the course', () => {
  it('has the twelve lessons in syllabus order', () => {
    expect(LESSONS.map((l) => l.slug)).toEqual([...LESSON_SLUGS]);
  });

  it('has a component for every widget id', () => {
    const missing = WIDGET_IDS.filter((id) => WIDGETS[id] === undefined);
    expect(missing).toEqual([]);
  });
});

describe.each(LESSONS.map((l) => [l.slug, l] as const))('lesson %s', (_slug, lesson) => {
  it('is complete in both languages: no text exists in one and not the other', () => {
    for (const { path, text } of bilingualTexts(lesson, lesson.slug)) {
      expect(text.en.trim(), `${path}.en`).not.toBe('');
      expect(text.zh.trim(), `${path}.zh`).not.toBe('');
      // A Chinese side that is English prose was not translated (math, code and names alone are fine).
      if (LATIN_WORD.test(proseOf(text.en))) expect(proseOf(text.zh), `${path}.zh is not Chinese: ${text.zh}`).toMatch(HAN);
    }
  });

  it('has objectives, prose, a formula, a live widget, a "try it" step, questions and sources', () => {
    expect(lesson.objectives.length).toBeGreaterThan(0);
    expect(ofKind(lesson, 'prose').length).toBeGreaterThan(2);
    const hasMath = ofKind(lesson, 'formula').length > 0 || bilingualTexts(lesson, '').some(({ text }) => parseRichText(text.en).some((p) => p.kind === 'math'));
    expect(hasMath).toBe(true);
    expect(widgetsOf(lesson).length).toBeGreaterThan(0);
    expect(ofKind(lesson, 'try').length).toBeGreaterThan(0);
    expect(ofKind(lesson, 'question').length).toBeGreaterThanOrEqual(2);
    expect(lesson.sources.length).toBeGreaterThan(0);
  });

  it('asks well-formed predict-then-reveal questions', () => {
    const questions = ofKind(lesson, 'question').map((b) => b.question);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    for (const q of questions) {
      expect(q.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(q.choices.length, q.id).toBeGreaterThanOrEqual(2);
      expect(new Set(q.choices.map((c) => c.id)).size, q.id).toBe(q.choices.length);
      expect(q.choices.some((c) => c.correct), `${q.id} has a right answer`).toBe(true);
      expect(q.choices.some((c) => !c.correct), `${q.id} has a wrong answer`).toBe(true);
      // The card prints "Right." / "答对了。" itself; feedback that opens with the same word reads "Right. Right.".
      for (const c of q.choices) {
        expect(c.feedback.en, `${q.id}/${c.id}`).not.toMatch(/^(Right|Correct|Yes|No|Not quite|Exactly|Wrong)\b/);
        expect(c.feedback.zh, `${q.id}/${c.id}`).not.toMatch(/^(对|答对了|不对|错|没错|正确|不是)[。，！,.!]/);
      }
      // A choice that is only a formula has no accessible name for axe and some screen readers: add a word.
      for (const c of q.choices) for (const side of [c.text.en, c.text.zh]) expect(proseOf(side).trim(), `${q.id}/${c.id}: ${side}`).not.toBe('');
    }
  });

  it('only places widgets that exist', () => {
    for (const id of widgetsOf(lesson)) expect(WIDGETS[id], id).toBeDefined();
  });

  it('"try it" steps set only settings a link could carry, and real walkthrough steps', () => {
    for (const block of ofKind(lesson, 'try')) {
      if (block.preset.lab) {
        const query = settingsToQuery({ ...DEFAULT_SETTINGS, ...block.preset.lab }, 'en');
        expect(parseQuery(query).notices, block.label.en).toEqual([]);
      }
      if (block.preset.walkthroughStep) expect(POST_LN_STEPS).toContain(block.preset.walkthroughStep);
      expect(block.preset.lab !== undefined || block.preset.walkthroughStep !== undefined).toBe(true);
    }
  });

  it('typesets every formula and inline formula without a KaTeX error', () => {
    const tex = [
      ...ofKind(lesson, 'formula').map((b) => b.tex),
      ...bilingualTexts(lesson, '').flatMap(({ text }) => [text.en, text.zh]).flatMap((s) => parseRichText(s).flatMap((p) => (p.kind === 'math' ? [p.tex] : []))),
    ];
    for (const t of tex) expect(() => katex.renderToString(t, { throwOnError: true }), t).not.toThrow();
  });

  it('has no control characters (a lost backslash in TeX: a TeX text command written with one backslash starts with a tab)', () => {
    const strings: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') strings.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
    };
    walk(lesson);
    // eslint-disable-next-line no-control-regex
    for (const s of strings) expect(s, JSON.stringify(s)).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it('leaves no unbalanced inline markup ($ or **) in the prose', () => {
    for (const { path, text } of bilingualTexts(lesson, lesson.slug)) {
      for (const side of [text.en, text.zh]) expect(proseOf(side), path).not.toMatch(/\*\*|(?<!\\)\$/);
    }
  });
});

describe('links to the training playground', () => {
  const trains = LESSONS.flatMap((lesson) => lesson.blocks.filter((b): b is Extract<Block, { kind: 'train' }> => b.kind === 'train').map((b) => [lesson.slug, b] as const));
  it('exist, and each sets up the playground without a refused value', () => {
    expect(trains.length).toBeGreaterThanOrEqual(2);
    for (const [slug, block] of trains) {
      const parsed = parsePlaygroundQuery(block.query);
      expect(parsed.notices, `${slug}: ${block.query}`).toEqual([]);
      // The link is canonical, so opening it does not rewrite the URL.
      expect(playgroundQuery(parsed.params)).toBe(block.query);
    }
  });
});
