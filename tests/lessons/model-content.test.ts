// @vitest-environment node
import katex from 'katex';
import { parseRichText } from '../../src/shared/richText';
import { position } from '../../src/lessons/content/position';
import { readingAttentionMaps } from '../../src/lessons/content/reading-attention-maps';
import { summary } from '../../src/lessons/content/summary';
import { transformerBlock } from '../../src/lessons/content/transformer-block';
import type { Bi, Block, Lesson } from '../../src/lessons/types';
import { WIDGET_IDS } from '../../src/lessons/types';
import { POST_LN_STEPS } from '../../src/state/walkthroughStore';

const LESSONS: readonly Lesson[] = [transformerBlock, position, readingAttentionMaps, summary];
const CJK = /[\u4e00-\u9fff]/;

/** Every Bi in a block, with where it sits. */
function bis(block: Block): Bi[] {
  switch (block.kind) {
    case 'heading':
    case 'prose':
    case 'callout':
      return [block.text];
    case 'formula':
    case 'widget':
    case 'code':
      return block.caption ? [block.caption] : [];
    case 'try':
    case 'train':
      return [block.label, ...(block.note ? [block.note] : [])];
    case 'list':
      return [...block.items];
    case 'table':
      return [block.caption, ...block.columns, ...block.rows.flat().filter((c): c is Bi => typeof c === 'object')];
    case 'question':
      return [block.question.prompt, ...block.question.choices.flatMap((c) => [c.text, c.feedback])];
  }
}

const renders = (tex: string) => () => katex.renderToString(tex, { throwOnError: true, displayMode: false });

describe.each(LESSONS.map((l) => [l.slug, l] as const))('lesson %s (model group)', (_, lesson) => {
  const texts = [lesson.title, lesson.summary, ...lesson.objectives, ...lesson.blocks.flatMap(bis)];

  it('has 3–4 objectives, at least one widget, two questions with 3–4 choices and one try block', () => {
    expect(lesson.objectives.length).toBeGreaterThanOrEqual(3);
    expect(lesson.objectives.length).toBeLessThanOrEqual(4);
    const questions = lesson.blocks.flatMap((b) => (b.kind === 'question' ? [b.question] : []));
    expect(questions.length).toBeGreaterThanOrEqual(2);
    for (const q of questions) {
      expect(q.choices.length).toBeGreaterThanOrEqual(3);
      expect(q.choices.length).toBeLessThanOrEqual(4);
      expect(q.choices.filter((c) => c.correct)).toHaveLength(1);
      expect(new Set(q.choices.map((c) => c.id)).size).toBe(q.choices.length);
      expect(q.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expect(lesson.blocks.some((b) => b.kind === 'widget')).toBe(true);
    expect(lesson.blocks.some((b) => b.kind === 'try')).toBe(true);
    expect(lesson.sources.length).toBeGreaterThan(0);
  });

  it('every text is in both languages, the Chinese really Chinese, with no control characters from a lost backslash', () => {
    for (const bi of texts) {
      expect(bi.en.trim(), JSON.stringify(bi)).not.toBe('');
      expect(bi.zh, bi.en).toMatch(CJK);
      // "\t" or "\f" in a plain string literal would have eaten the backslash of \text or \frac.
      for (const s of [bi.en, bi.zh]) expect([...s].filter((ch) => ch.charCodeAt(0) < 32), s).toEqual([]);
    }
  });

  it('every formula and every inline $…$ typesets without a KaTeX error', () => {
    for (const b of lesson.blocks) if (b.kind === 'formula') expect(renders(b.tex)).not.toThrow();
    for (const bi of texts) {
      for (const s of [bi.en, bi.zh]) for (const part of parseRichText(s)) if (part.kind === 'math') expect(renders(part.tex), part.tex).not.toThrow();
    }
  });

  it('places only known widgets and walkthrough steps', () => {
    for (const b of lesson.blocks) {
      if (b.kind === 'widget') expect(WIDGET_IDS).toContain(b.widget);
      if (b.kind === 'question' && b.question.reveal) expect(WIDGET_IDS).toContain(b.question.reveal.widget);
      if (b.kind === 'try' && b.preset.walkthroughStep) expect(POST_LN_STEPS).toContain(b.preset.walkthroughStep);
    }
  });
});
