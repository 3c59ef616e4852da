import { LESSONS } from '../../src/lessons/content';
import { orderedChoices } from '../../src/lessons/choiceOrder';
import type { Block, Lesson, Question } from '../../src/lessons/types';

/*
 * Predict, then reveal, checked over the whole course: the right answer must not be guessable from where it sits or
 * how long it is, and no question may sit below the block that answers it.
 */

const questionsOf = (lesson: Lesson): Question[] => lesson.blocks.flatMap((b) => (b.kind === 'question' ? [b.question] : []));
const all = LESSONS.flatMap((lesson) => questionsOf(lesson).map((question) => ({ slug: lesson.slug, question })));

/** The right answer's visible length is the extreme one (or ties it): the longest, or the shortest. */
function rightIs(extreme: 'longest' | 'shortest', question: Question, side: 'en' | 'zh'): boolean {
  const lengths = question.choices.map((c) => [...c.text[side]].length);
  const target = extreme === 'longest' ? Math.max(...lengths) : Math.min(...lengths);
  return question.choices.some((c, i) => c.correct && lengths[i] === target);
}

describe('the course’s questions, taken together', () => {
  it('are many enough for the shares below to mean something', () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
  });

  it('put the right answer in no screen position in more than 40 % of questions', () => {
    const positions = new Map<number, number>();
    for (const { slug, question } of all) {
      orderedChoices(slug, question).forEach((c, i) => {
        if (c.correct) positions.set(i, (positions.get(i) ?? 0) + 1);
      });
    }
    for (const [position, count] of positions) expect(count / all.length, `position ${position + 1}: ${count} of ${all.length}`).toBeLessThanOrEqual(0.4);
  });

  it('are right in well under half of the questions when a student always picks the first choice shown', () => {
    const right = all.filter(({ slug, question }) => orderedChoices(slug, question)[0].correct).length;
    expect(right / all.length, `${right} of ${all.length}`).toBeLessThan(0.4);
  });

  // Both ends: a course that cut the hedges from every right answer would make "pick the shortest" the new trick.
  it.each([
    ['longest', 'en'],
    ['longest', 'zh'],
    ['shortest', 'en'],
    ['shortest', 'zh'],
  ] as const)('do not make the right choice the %s in more than 40 percent of questions (%s)', (extreme, side) => {
    const found = all.filter(({ question }) => rightIs(extreme, question, side)).map(({ slug, question }) => `${slug}/${question.id}`);
    expect(found.length / all.length, found.join(', ')).toBeLessThanOrEqual(0.4);
  });
});

describe('the shuffle', () => {
  it('is the same on every call and keeps every choice exactly once', () => {
    for (const { slug, question } of all) {
      const a = orderedChoices(slug, question).map((c) => c.id);
      expect(orderedChoices(slug, question).map((c) => c.id)).toEqual(a);
      expect([...a].sort()).toEqual(question.choices.map((c) => c.id).sort());
    }
  });
});

describe.each(LESSONS.map((l) => [l.slug, l] as const))('lesson %s: questions before their answers', (_slug, lesson) => {
  const marked = (block: Block, id: string) => block.answers === id;

  it('marks only questions of this lesson as answered', () => {
    const ids = new Set(questionsOf(lesson).map((q) => q.id));
    for (const block of lesson.blocks) if (block.answers !== undefined) expect(ids.has(block.answers), `answers: ${block.answers}`).toBe(true);
  });

  it.each(questionsOf(lesson).map((q) => [q.id, q] as const))('%s: nothing above it states its answer; something after it does', (id, question) => {
    const at = lesson.blocks.findIndex((b) => b.kind === 'question' && b.question.id === id);
    const above = lesson.blocks.slice(0, at).filter((b) => marked(b, id));
    expect(above.map((b) => b.kind), 'blocks above the question that answer it').toEqual([]);
    const below = lesson.blocks.slice(at + 1).some((b) => marked(b, id));
    expect(question.review === true || question.reveal !== undefined || below, 'a reveal widget, a block below marked answers, or a review question').toBe(true);
  });
});
