import { useEffect } from 'react';
import { translate } from '../i18n/translate';
import { useUi } from '../state/uiStore';
import { lessonBySlug } from './content';
import { LessonMap } from './LessonMap';
import { LessonPage } from './LessonPage';
import type { Route } from '../shared/route';
import { useBi } from './useBi';
import './lessons.css';

/** The lessons part of the app: the map at #/lessons, one lesson at #/lessons/<slug>. */
export function LessonsArea({ route }: { readonly route: Extract<Route, { kind: 'lesson' | 'lesson-map' }> }) {
  const pick = useBi();
  const locale = useUi((s) => s.locale);
  const lesson = route.kind === 'lesson' ? lessonBySlug(route.slug) : undefined;
  const pageTitle = lesson ? pick(lesson.title) : translate(locale, 'lessons.nav');
  useEffect(() => {
    document.title = `${pageTitle} · ${translate(locale, 'app.title')}`;
  }, [pageTitle, locale]);
  return lesson ? <LessonPage lesson={lesson} /> : <LessonMap unknownSlug={route.kind === 'lesson-map' ? route.unknownSlug : undefined} />;
}
