import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { truncateLabel } from '../components/heatmap/heatmapModel';
import { useT } from '../i18n/translate';
import { LESSONS } from './content';
import { answeredCount, lessonQuestions } from './lessonStats';
import { useProgress } from './progressStore';
import { RichText } from './RichText';
import { lessonHref } from '../shared/route';
import { useBi } from './useBi';

/** Longest part of an unknown lesson name that is quoted: the name is whatever the address holds (100 KB, say). */
const UNKNOWN_SLUG_PREVIEW = 60;

/** The course at a glance: every lesson with whether it was visited and how many of its questions are answered. */
export function LessonMap({ unknownSlug }: { readonly unknownSlug?: string }) {
  const t = useT();
  const pick = useBi();
  const { visited, answers, resetProgress } = useProgress(useShallow((s) => ({ visited: s.visited, answers: s.answers, resetProgress: s.resetProgress })));
  const [confirming, setConfirming] = useState(false);
  const totalQuestions = LESSONS.reduce((n, l) => n + lessonQuestions(l).length, 0);
  const totalAnswered = LESSONS.reduce((n, l) => n + answeredCount(l, answers), 0);
  return (
    <section className="lesson-map" aria-labelledby="lesson-map-title">
      <h2 id="lesson-map-title">{t('lessons.map.title')}</h2>
      {unknownSlug !== undefined && (
        <p role="alert" className="lesson-map__unknown">
          {t('lessons.map.unknown', { slug: truncateLabel(unknownSlug, UNKNOWN_SLUG_PREVIEW) })}
        </p>
      )}
      <p className="lede">{t('lessons.map.intro')}</p>
      <p data-testid="course-progress">
        {t('lessons.map.progress', { visited: visited.length, total: LESSONS.length, answered: totalAnswered, questions: totalQuestions })}
      </p>
      <ol className="lesson-map__list" aria-label={t('lessons.map.label')}>
        {LESSONS.map((lesson, i) => {
          const questions = lessonQuestions(lesson).length;
          const answered = answeredCount(lesson, answers);
          const seen = visited.includes(lesson.slug);
          return (
            <li key={lesson.slug} className={`lesson-card${seen ? ' lesson-card--visited' : ''}`} data-lesson={lesson.slug}>
              <a href={lessonHref(lesson.slug)}>
                <span className="lesson-card__number">{t('lessons.number', { n: i + 1 })}</span>
                <span className="lesson-card__title">{pick(lesson.title)}</span>
              </a>
              <p className="lesson-card__summary">
                {/* Summaries hold inline TeX ($W^O$): typeset it, as the lesson page does. */}
                <RichText text={pick(lesson.summary)} />
              </p>
              <p className="lesson-card__status">
                <span className="lesson-card__badge" data-testid="lesson-visited">
                  {seen ? `✓ ${t('lessons.map.visited')}` : t('lessons.map.notVisited')}
                </span>
                {questions > 0 && <span data-testid="lesson-answered">{answered === questions ? `✓ ${t('lessons.map.complete')}` : t('lessons.map.questions', { answered, total: questions })}</span>}
              </p>
            </li>
          );
        })}
      </ol>
      {confirming ? (
        <p className="lesson-map__confirm" role="group" aria-label={t('lessons.map.reset')}>
          <span>{t('lessons.map.resetAsk')}</span>
          <button
            type="button"
            className="lesson-map__reset"
            onClick={() => {
              resetProgress();
              setConfirming(false);
            }}
          >
            {t('lessons.map.resetYes')}
          </button>
          <button type="button" className="lesson-map__reset" onClick={() => setConfirming(false)}>
            {t('lessons.map.resetNo')}
          </button>
        </p>
      ) : (
        <button type="button" className="lesson-map__reset" onClick={() => setConfirming(true)}>
          {t('lessons.map.reset')}
        </button>
      )}
    </section>
  );
}
