import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import { GUIDE_HREF, PLAYGROUND_HREF, useRoute } from './shared/route';
import { LabStatus } from './components/LabStatus';
import { FirstVisitHint } from './components/controls/FirstVisitHint';
import { HeaderGuideLink } from './components/controls/HeaderGuideLink';
import { LanguageSwitch } from './components/controls/LanguageSwitch';
import { PageTabs } from './components/controls/PageTabs';
import { MaskControls } from './components/controls/MaskControls';
import { SentenceInput } from './components/controls/SentenceInput';
import { SettingsPanel } from './components/controls/SettingsPanel';
import { TokenChips } from './components/controls/TokenChips';
import { HeadsGrid } from './components/headsgrid';
import { FIND_HEADS_FROM, FindHeadsTable } from './components/headlabels';
import { CausalSwitch, LabPresets, ModelLoadStatus, ModelPicker } from './components/model';
import { isLanguageModel } from './state/modelChoice';
import { PredictionsPanel } from './components/predictions';
import { HeadViewPanel } from './components/headview';
import { SelectedHeadPanel } from './components/selectedhead';
import { EmbedButton } from './components/share/EmbedButton';
import { ShareButton } from './components/share/ShareButton';
import { UrlNotices } from './components/share/UrlNotices';
import { translate, useT } from './i18n/translate';
import { useUi } from './state/uiStore';
import { useLab } from './state/labStore';
import { ModelScope } from './state/modelScope';
import { useLabComputationState } from './state/useLabComputation';

// The walkthrough (and KaTeX with it) loads only when its tab is opened.
const Walkthrough = lazy(() => import('./components/walkthrough').then((m) => ({ default: m.Walkthrough })));
// So do the lessons (their content, widgets and KaTeX).
const LessonsArea = lazy(() => import('./lessons').then((m) => ({ default: m.LessonsArea })));
const GuidePage = lazy(() => import('./guide').then((m) => ({ default: m.GuidePage })));
// And the training playground (the trainer, its worker and the chart).
const PlaygroundPage = lazy(() => import('./playground/components').then((m) => ({ default: m.PlaygroundPage })));

/** Moves focus to the main region without touching the hash (the hash is the lesson route). */
function skipTo(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

export function App() {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const computation = useLabComputationState();
  const page = useLab((s) => s.page);
  const trained = useLab((s) => s.model === 'trained');
  const languageModel = useLab((s) => isLanguageModel(s.model));
  const route = useRoute();
  const inLab = route.kind === 'lab';
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    // A lesson sets its own title.
    if (inLab) document.title = translate(locale, 'app.title');
  }, [locale, inLab]);
  const { result } = computation;
  // While a long text's run waits for a pause in typing, the chips already show the new text's tokens.
  const chipTokens = computation.heldTokens ?? (result.ok ? result.tokens : null);
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
                <ModelScope model="untrained">
                  <LessonsArea route={route} />
                </ModelScope>
              )}
            </Suspense>
          </div>
        )}
        {inLab && (
        <div className="lab-layout">
          {/* Desktop: one sticky column, the sentence first. Phone: the sentence, then the views, then these controls. */}
          <div className="lab-side">
            <div className="lab-input">
              <SentenceInput />
              {chipTokens && <TokenChips tokens={chipTokens} />}
              <a className="lab-input__to-controls" href="#lab-controls" onClick={(e) => skipTo(e, 'lab-controls')}>
                {t('skip.controls')}
              </a>
            </div>
            <aside className="lab-controls" id="lab-controls" tabIndex={-1} aria-label={t('controls.label')}>
              <ModelPicker />
              {trained && <LabPresets />}
              {languageModel && <CausalSwitch />}
              <MaskControls />
              <SettingsPanel />
            </aside>
          </div>
          <div className="lab-views" id="views" tabIndex={-1}>
            <ModelLoadStatus />
            <LabStatus state={computation} />
            {result.ok && page === 'walkthrough' && (
              <Suspense fallback={<p className="lab-pending">{t('status.updating')}</p>}>
                <Walkthrough />
              </Suspense>
            )}
            {result.ok && page === 'lab' && (
              <>
                {/* The map first: with the sentence, it is what the first screen shows (issue: first visit). */}
                <SelectedHeadPanel />
                {result.kind === 'causal_lm' && (
                  <div className="lab-section">
                    <PredictionsPanel result={result} />
                  </div>
                )}
                <div className="lab-section">
                  <HeadsGrid />
                </div>
                {result.kind === 'causal_lm' && result.layers.length * result.model.weights.numHeads > FIND_HEADS_FROM && (
                  <div className="lab-section">
                    <FindHeadsTable result={result} />
                  </div>
                )}
                <div className="lab-section">
                  <HeadViewPanel />
                </div>
              </>
            )}
          </div>
        </div>
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
