import { useT } from '../../i18n/translate';
import { LESSON_MAP_HREF, navigate, PLAYGROUND_HREF, type Route } from '../../shared/route';
import { LAB_PAGES, useLab } from '../../state/labStore';

/**
 * Lab, walkthrough, lessons, training playground. The first two are views of the same settings (switching keeps the sentence, head and
 * mask); the lessons are a route of their own (#/lessons) that uses the same settings in its widgets; the playground (#/playground) has settings of its own.
 */
export function PageTabs({ route }: { readonly route: Route }) {
  const t = useT();
  const page = useLab((s) => s.page);
  const set = useLab((s) => s.set);
  const inLab = route.kind === 'lab';
  return (
    <nav className="page-tabs" aria-label={t('page.nav')}>
      {LAB_PAGES.map((p) => (
        <button
          key={p}
          type="button"
          aria-current={inLab && p === page ? 'page' : undefined}
          onClick={() => {
            set({ page: p });
            navigate({ kind: 'lab' });
          }}
        >
          {t(`page.${p}`)}
        </button>
      ))}
      <a href={LESSON_MAP_HREF} aria-current={route.kind === 'lesson' || route.kind === 'lesson-map' ? 'page' : undefined}>
        {t('lessons.nav')}
      </a>
      <a href={PLAYGROUND_HREF} aria-current={route.kind === 'playground' ? 'page' : undefined}>
        {t('pg.nav')}
      </a>
    </nav>
  );
}
