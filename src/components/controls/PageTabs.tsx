import { useT } from '../../i18n/translate';
import { LAB_PAGES, useLab } from '../../state/labStore';

/** Lab or walkthrough: two views of the same settings, so switching keeps the sentence, head and mask. */
export function PageTabs() {
  const t = useT();
  const page = useLab((s) => s.page);
  const set = useLab((s) => s.set);
  return (
    <nav className="page-tabs" aria-label={t('page.nav')}>
      {LAB_PAGES.map((p) => (
        <button key={p} type="button" aria-current={p === page ? 'page' : undefined} onClick={() => set({ page: p })}>
          {t(`page.${p}`)}
        </button>
      ))}
    </nav>
  );
}
