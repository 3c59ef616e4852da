import { useId, useMemo, useState } from 'react';
import { orderedChoices } from './choiceOrder';
import { useT } from '../i18n/translate';
import { questionKey, useProgress } from './progressStore';
import { RichText } from './RichText';
import type { LessonSlug, Question } from './types';
import { useBi } from './useBi';
import { WidgetSlot } from './WidgetSlot';

/**
 * Predict, then reveal: the student picks a choice and commits to it; only then do the feedback and the revealing
 * widget appear. The committed answer is saved (progressStore), so a reload shows the question answered.
 */
export function QuestionCard({ slug, question }: { readonly slug: LessonSlug; readonly question: Question }) {
  const t = useT();
  const pick = useBi();
  const id = useId();
  const stored = useProgress((s) => s.answers[questionKey(slug, question.id)]);
  const answer = useProgress((s) => s.answer);
  const retry = useProgress((s) => s.retry);
  const [selected, setSelected] = useState<string | null>(null);
  // Shuffled once per question (seeded by its id), so the right answer is not where the author wrote it.
  const choices = useMemo(() => orderedChoices(slug, question), [slug, question]);
  const [needsChoice, setNeedsChoice] = useState(false);
  // An answer saved for a choice that no longer exists (the lesson changed) counts as unanswered.
  const committed = question.choices.find((c) => c.id === stored);
  const commit = () => {
    if (selected === null) {
      setNeedsChoice(true);
      return;
    }
    setNeedsChoice(false);
    answer(slug, question.id, selected);
  };
  const again = () => {
    setSelected(null);
    retry(slug, question.id);
  };
  return (
    <section className="lesson-question" data-question={question.id} data-answered={committed ? 'true' : 'false'} aria-labelledby={`${id}-label`}>
      <p className="lesson-question__label" id={`${id}-label`}>
        {t('lessons.question.label')}
      </p>
      <fieldset disabled={committed !== undefined}>
        <legend>
          <RichText text={pick(question.prompt)} />
        </legend>
        {choices.map((choice) => (
          <label key={choice.id} className="lesson-question__choice" data-choice={choice.id}>
            <input
              type="radio"
              name={`${id}-choice`}
              value={choice.id}
              checked={(committed?.id ?? selected) === choice.id}
              onChange={() => {
                setSelected(choice.id);
                setNeedsChoice(false);
              }}
            />
            <span>
              <RichText text={pick(choice.text)} />
            </span>
          </label>
        ))}
      </fieldset>
      {!committed && (
        <button type="button" className="lesson-question__commit" onClick={commit}>
          {t('lessons.question.commit')}
        </button>
      )}
      <div aria-live="polite">
        {needsChoice && <p className="lesson-question__hint">{t('lessons.question.pick')}</p>}
        {committed && (
          <div className={`lesson-feedback ${committed.correct ? 'lesson-feedback--right' : 'lesson-feedback--wrong'}`}>
            <p>
              <strong>{committed.correct ? t('lessons.question.correct') : t('lessons.question.wrong')}</strong> <RichText text={pick(committed.feedback)} />
            </p>
          </div>
        )}
      </div>
      {committed && (
        <>
          <details className="lesson-feedback__others">
            <summary>{t('lessons.question.others')}</summary>
            <ul>
              {choices
                .filter((c) => c !== committed)
                .map((c) => (
                  <li key={c.id}>
                    <RichText text={pick(c.text)} /> — <em>{c.correct ? t('lessons.question.isCorrect') : t('lessons.question.isWrong')}</em>: <RichText text={pick(c.feedback)} />
                  </li>
                ))}
            </ul>
          </details>
          <button type="button" className="lesson-question__retry" onClick={again}>
            {t('lessons.question.retry')}
          </button>
        </>
      )}
      {question.reveal &&
        (committed ? (
          <div className="lesson-question__reveal">
            <p className="lesson-question__label">{t('lessons.question.reveal')}</p>
            <WidgetSlot widget={question.reveal.widget} config={question.reveal.config} />
          </div>
        ) : (
          <p className="lesson-question__locked">{t('lessons.question.locked')}</p>
        ))}
    </section>
  );
}
