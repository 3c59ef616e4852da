import { hashString, mulberry32 } from '../engine/random';
import type { Choice, LessonSlug, Question } from './types';

/**
 * The course's fixed shuffle seed. Changing it reorders every question's choices (and so moves saved answers'
 * positions on screen, not the answers themselves: progress is stored by choice id).
 */
export const CHOICE_ORDER_SEED = 'attention-lab-choices-1';

/**
 * The order a question's choices are shown in: a Fisher–Yates shuffle seeded by the course seed, the lesson and the
 * question id. It depends on ids only, so it is the same on every reload and in both languages, and authors can
 * write the right answer first without the student seeing it first.
 */
export function orderedChoices(slug: LessonSlug, question: Question): readonly Choice[] {
  const random = mulberry32(hashString(`${CHOICE_ORDER_SEED}/${slug}/${question.id}`));
  const order = [...question.choices];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
