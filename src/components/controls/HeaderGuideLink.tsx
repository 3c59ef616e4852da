import { useT } from '../../i18n/translate';
import { GUIDE_HREF } from '../../shared/route';

/** The instructor guide, reachable from the header (the footer links it too, but a first look rarely gets there). */
export function HeaderGuideLink() {
  const t = useT();
  return (
    <a className="app-header__guide" href={GUIDE_HREF}>
      {t('header.guide')}
    </a>
  );
}
