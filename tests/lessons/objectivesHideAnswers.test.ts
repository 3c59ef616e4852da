import { LESSONS } from '../../src/lessons/content';
import type { Bi, Lesson, Question } from '../../src/lessons/types';

/**
 * A lesson's objectives are shown above its first block, before the student answers any question. An objective that
 * contains a right choice's words hands the answer over ("say what is combined: the heads' outputs" above the question
 * "what do the heads combine?"). This checks, per language, that no objective of a lesson contains the gist of a
 * right choice of that lesson: its opening phrase (up to the first colon, semicolon, comma or bracket), or its whole text.
 */

type Language = keyof Bi;

/** Lower case, with math delimiters, TeX commands' backslashes, bold marks, quotes and spare spaces removed. */
function normalise(text: string): string {
  return text
    .replace(/\\text\{([^}]*)\}/g, '$1')
    .replace(/[$*{}\\`’'"“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Words that open a phrase without saying anything ("their outputs" is about "outputs"). */
const EMPTY_OPENERS = /^(?:(?:their|the|a|an|its|it|they|yes|no|only|both)\s+)+/;

/** The opening phrase of a choice: what the choice says before it explains itself. */
function gist(text: string, language: Language): string {
  const head = normalise(text).split(/[:;,(：；，（]/)[0].trim();
  return language === 'en' ? head.replace(EMPTY_OPENERS, '').trim() : head.replace(/^(?:能|不能|是|不是|对|不对)/, '').trim();
}

/** Too short to be a give-away on its own ("yes", "4", "是"): a phrase must carry at least this much. */
const MIN_LENGTH: Readonly<Record<Language, number>> = { en: 5, zh: 2 };

function containsPhrase(haystack: string, phrase: string, language: Language): boolean {
  if (language === 'zh') return haystack.includes(phrase);
  // Whole words only: "outputs" must not match inside "throughputs".
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`).test(haystack);
}

function questionsOf(lesson: Lesson): Question[] {
  return lesson.blocks.flatMap((b) => (b.kind === 'question' ? [b.question] : []));
}

/** Every (objective, right choice) pair of a lesson where the objective contains the choice's gist or whole text. */
export function giveaways(lesson: Lesson): string[] {
  const found: string[] = [];
  for (const language of ['en', 'zh'] as const) {
    const objectives = lesson.objectives.map((o) => normalise(o[language]));
    for (const question of questionsOf(lesson)) {
      for (const choice of question.choices.filter((c) => c.correct)) {
        const phrases = [gist(choice.text[language], language), normalise(choice.text[language])].filter((p) => [...p].length >= MIN_LENGTH[language]);
        objectives.forEach((objective, i) => {
          const hit = phrases.find((p) => containsPhrase(objective, p, language));
          if (hit !== undefined) found.push(`${lesson.slug} objective ${i + 1} (${language}) contains “${hit}”, the answer to ${question.id}`);
        });
      }
    }
  }
  return found;
}

describe('lesson objectives', () => {
  it.each(LESSONS.map((l) => [l.slug, l] as const))('of %s give away no right answer', (_slug, lesson) => {
    expect(giveaways(lesson)).toEqual([]);
  });

  it('catch the give-away this check was written for', () => {
    const multiHead = LESSONS.find((l) => l.slug === 'multi-head');
    if (multiHead === undefined) throw new Error('no multi-head lesson');
    const leaky: Lesson = {
      ...multiHead,
      objectives: [{ en: 'Say what is combined: the heads’ outputs.', zh: '说明合并的是什么：是各个头的输出。' }],
    };
    expect(giveaways(leaky)).toEqual([
      'multi-head objective 1 (en) contains “outputs”, the answer to heads-combine',
      'multi-head objective 1 (zh) contains “输出”, the answer to heads-combine',
    ]);
  });
});
