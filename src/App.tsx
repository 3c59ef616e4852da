import { lazy, Suspense, useEffect } from 'react';
import { LabPage } from './LabPage';
import { skipTo } from './skipTo';
import { GUIDE_HREF, PLAYGROUND_HREF, useRoute } from './shared/route';
import { FirstVisitHint } from './components/controls/FirstVisitHint';
import { HeaderGuideLink } from './components/controls/HeaderGuideLink';
import { LanguageSwitch } from './components/controls/LanguageSwitch';
import { PageTabs } from './components/controls/PageTabs';
import { EmbedButton } from './components/share/EmbedButton';
import { ShareButton } from './components/share/ShareButton';
import { UrlNotices } from './components/share/UrlNotices';
import { translate, useT } from './i18n/translate';
import { useUi } from './state/uiStore';
import { ModelRunScope, RunScope } from './run/RunScope';

// The lessons load only when opened (their content, widgets and KaTeX).
const LessonsArea = lazy(() => import('./lessons').then((m) => ({ default: m.LessonsArea })));
const GuidePage = lazy(() => import('./guide').then((m) => ({ default: m.GuidePage })));
// And the training playground (the trainer, its worker and the chart).
const PlaygroundPage = lazy(() => import('./playground/components').then((m) => ({ default: m.PlaygroundPage })));

export function App() {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const route = useRoute();
  const inLab = route.kind === 'lab';
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    // A lesson sets its own title.
    if (inLab) document.title = translate(locale, 'app.title');
  }, [locale, inLab]);
  const mainId = inLab ? 'views' : 'lessons-main';
  return (
    <>
      <a className="skip-link" href={`#${mainId}`} onClick={(e) => skipTo(e, mainId)}>
        {t('skip.views')}
      </a>
      <header className="app-header">
        <div>
          <h1>{t('app.title')}</h1>
          <p className="lede">{t('app.lede')}</p>
        </div>
        <div className="app-header__actions">
          <ShareButton />
          <EmbedButton />
          <HeaderGuideLink />
          <LanguageSwitch />
        </div>
      </header>
      <main className="app">
        <UrlNotices />
        <PageTabs route={route} />
        {inLab && <FirstVisitHint />}
        {!inLab && (
          <div className="lessons-main" id="lessons-main" tabIndex={-1}>
            <Suspense fallback={<p className="lab-pending">{t(route.kind === 'playground' ? 'pg.loading' : 'lessons.loading')}</p>}>
              {route.kind === 'guide' ? (
                <GuidePage />
              ) : route.kind === 'playground' ? (
                <PlaygroundPage query={route.query} />
              ) : (
                // Lessons teach the mechanics on the untrained encoder; a lesson opts a widget into the trained model.
                <ModelRunScope model="untrained">
                  <LessonsArea route={route} />
                </ModelRunScope>
              )}
            </Suspense>
          </div>
        )}
        {inLab && (
          <RunScope>
            <LabPage />
          </RunScope>
        )}
      </main>
      <footer className="app-footer">
        <a href={GUIDE_HREF}>{t('footer.guide')}</a>
        {' · '}
        <a href={PLAYGROUND_HREF}>{t('pg.footer')}</a>
      </footer>
    </>
  );
}
