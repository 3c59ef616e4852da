import { questionKey, type ProgressData } from './progressStore';
import type { Lesson, Question } from './types';

/** Every question of a lesson, in order (inline questions only; reveals are part of them). */
export function lessonQuestions(lesson: Lesson): Question[] {
  return lesson.blocks.flatMap((b) => (b.kind === 'question' ? [b.question] : []));
}

/** How many of the lesson's questions have a committed answer that still matches one of their choices. */
export function answeredCount(lesson: Lesson, answers: ProgressData['answers']): number {
  return lessonQuestions(lesson).filter((q) => q.choices.some((c) => c.id === answers[questionKey(lesson.slug, q.id)])).length;
}
