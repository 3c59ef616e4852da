import { useT } from '../../i18n/translate';
import { LESSON_SLUGS } from '../../shared/lessonSlugs';
import { lessonHref } from '../../shared/route';
import { useFirstVisit } from '../../state/firstVisitStore';
import './firstVisit.css';

/**
 * The lab's "New here? Start with lesson 1" entry. It shows until it is dismissed, by its button or by following
 * its link, and stays dismissed (src/state/firstVisitStore.ts). Only the app's lab renders it, never an embed.
 */
export function FirstVisitHint() {
  const t = useT();
  const dismissed = useFirstVisit((s) => s.dismissed);
  const dismiss = useFirstVisit((s) => s.dismiss);
  if (dismissed) return null;
  return (
    <section className="first-visit" aria-label={t('firstVisit.label')}>
      <p className="first-visit__text">
        <strong>{t('firstVisit.question')}</strong>{' '}
        {/* Not prevented: the hash link goes to the lesson, and the entry is done with. */}
        <a href={lessonHref(LESSON_SLUGS[0])} onClick={dismiss}>
          {t('firstVisit.link')}
        </a>
      </p>
      <button type="button" className="secondary" aria-label={t('firstVisit.dismissName')} onClick={dismiss}>
        {t('firstVisit.dismiss')}
      </button>
    </section>
  );
}
