import { useEffect, useRef } from 'react';
import { LabStatus } from '../components/LabStatus';
import { SentenceInput } from '../components/controls/SentenceInput';
import { useT } from '../i18n/translate';
import { useLabComputationState } from '../run/useLabComputation';
import { LESSONS } from './content';
import { LessonBlocks } from './LessonBlocks';
import { useProgress } from './progressStore';
import { LESSON_MAP_HREF, lessonHref } from '../shared/route';
import { RichText } from './RichText';
import type { Lesson } from './types';
import { useBi } from './useBi';

/** The student's sentence, shared with the lab: the live widgets below compute on it. */
function SentenceBox() {
  const t = useT();
  const state = useLabComputationState();
  return (
    <details className="lesson-sentence" open>
      <summary>{t('lessons.sentence.title')}</summary>
      <p className="lesson-sentence__hint">{t('lessons.sentence.hint')}</p>
      <SentenceInput />
      <LabStatus state={state} />
    </details>
  );
}

function Pager({ index }: { readonly index: number }) {
  const t = useT();
  const pick = useBi();
  const prev = LESSONS[index - 1];
  const next = LESSONS[index + 1];
  return (
    <nav className="lesson-pager" aria-label={t('lessons.pager')}>
      {prev ? (
        <a href={lessonHref(prev.slug)} rel="prev" className="lesson-pager__prev">
          <span>← {t('lessons.prev')}</span> {pick(prev.title)}
        </a>
      ) : (
        <span />
      )}
      <a href={LESSON_MAP_HREF} className="lesson-pager__map">
        {t('lessons.allLessons')}
      </a>
      {next ? (
        <a href={lessonHref(next.slug)} rel="next" className="lesson-pager__next">
          <span>{t('lessons.next')} →</span> {pick(next.title)}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** One lesson: its objectives, the student's sentence, the content blocks, sources and previous / next. */
export function LessonPage({ lesson }: { readonly lesson: Lesson }) {
  const t = useT();
  const pick = useBi();
  const visit = useProgress((s) => s.visit);
  const heading = useRef<HTMLHeadingElement>(null);
  const index = LESSONS.indexOf(lesson);
  useEffect(() => {
    visit(lesson.slug);
    window.scrollTo?.({ top: 0 });
    // Moving between lessons is a page change: put keyboard and screen-reader focus on the new title.
    heading.current?.focus({ preventScroll: true });
  }, [lesson.slug, visit]);
  return (
    <article className="lesson" data-lesson={lesson.slug} aria-labelledby="lesson-title">
      <Pager index={index} />
      <header className="lesson__header">
        <p className="lesson__number">{t('lessons.number', { n: index + 1 })}</p>
        <h2 id="lesson-title" tabIndex={-1} ref={heading}>
          {pick(lesson.title)}
        </h2>
        {lesson.objectives.length > 0 && (
          <section className="lesson__objectives" aria-label={t('lessons.objectives')}>
            <p>{t('lessons.objectives')}</p>
            <ul>
              {lesson.objectives.map((o, i) => (
                <li key={i}>
                  <RichText text={pick(o)} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </header>
      <SentenceBox />
      <div className="lesson__body">
        <LessonBlocks slug={lesson.slug} blocks={lesson.blocks} />
      </div>
      {lesson.sources.length > 0 && (
        <section className="lesson__sources" aria-labelledby="lesson-sources">
          <h3 id="lesson-sources">{t('lessons.sources')}</h3>
          <ul>
            {lesson.sources.map((s) => (
              <li key={s.label}>{s.url ? <a href={s.url} rel="noreferrer noopener" target="_blank">{s.label}</a> : s.label}</li>
            ))}
          </ul>
        </section>
      )}
      <Pager index={index} />
    </article>
  );
}
