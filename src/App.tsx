import { lazy, Suspense, useEffect } from 'react';
import { LabStatus } from './components/LabStatus';
import { LanguageSwitch } from './components/controls/LanguageSwitch';
import { PageTabs } from './components/controls/PageTabs';
import { MaskControls } from './components/controls/MaskControls';
import { SentenceInput } from './components/controls/SentenceInput';
import { SettingsPanel } from './components/controls/SettingsPanel';
import { TokenChips } from './components/controls/TokenChips';
import { HeadsGrid } from './components/headsgrid';
import { HeadViewPanel } from './components/headview';
import { SelectedHeadPanel } from './components/selectedhead';
import { ShareButton } from './components/share/ShareButton';
import { UrlNotices } from './components/share/UrlNotices';
import { translate, useT } from './i18n/translate';
import { useUi } from './i18n/uiStore';
import { useLab } from './state/labStore';
import { useLabComputationState } from './state/useLabComputation';

// The walkthrough (and KaTeX with it) loads only when its tab is opened.
const Walkthrough = lazy(() => import('./components/walkthrough').then((m) => ({ default: m.Walkthrough })));

export function App() {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const computation = useLabComputationState();
  const page = useLab((s) => s.page);
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    document.title = translate(locale, 'app.title');
  }, [locale]);
  const { result } = computation;
  return (
    <>
      <a className="skip-link" href="#views">
        {t('skip.views')}
      </a>
      <header className="app-header">
        <div>
          <h1>{t('app.title')}</h1>
          <p className="lede">{t('app.lede')}</p>
        </div>
        <div className="app-header__actions">
          <ShareButton />
          <LanguageSwitch />
        </div>
      </header>
      <main className="app">
        <UrlNotices />
        <PageTabs />
        <div className="lab-layout">
          <aside className="lab-controls">
            <SentenceInput />
            {result.ok && <TokenChips tokens={result.tokens} />}
            <MaskControls />
            <SettingsPanel />
          </aside>
          <div className="lab-views" id="views" tabIndex={-1}>
            <LabStatus state={computation} />
            {result.ok && page === 'walkthrough' && (
              <Suspense fallback={<p className="lab-pending">{t('status.updating')}</p>}>
                <Walkthrough />
              </Suspense>
            )}
            {result.ok && page === 'lab' && (
              <>
                <SelectedHeadPanel />
                <div className="lab-section">
                  <HeadsGrid />
                </div>
                <div className="lab-section">
                  <HeadViewPanel />
                </div>
              </>
            )}
          </div>
        </div>
      </main>
    </>
  );
}
