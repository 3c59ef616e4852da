import { lazy, Suspense } from 'react';
import { LabStatus } from './components/LabStatus';
import { MaskControls } from './components/controls/MaskControls';
import { SentenceInput } from './components/controls/SentenceInput';
import { SettingsPanel } from './components/controls/SettingsPanel';
import { TokenChips } from './components/controls/TokenChips';
import { HeadsGrid } from './components/headsgrid';
import { FIND_HEADS_FROM, FindHeadsTable } from './components/headlabels';
import { HeadViewPanel } from './components/headview';
import { CausalSwitch, LabPresets, ModelStatusLine, ModelPicker } from './components/model';
import { PredictionsPanel } from './components/predictions';
import { SelectedHeadPanel } from './components/selectedhead';
import { useT } from './i18n/translate';
import { useLab } from './state/labStore';
import { nextTokenRun } from './models/registry';
import { kindOf } from './state/modelChoice';
import { useLabComputationState } from './run/useLabComputation';
import { skipTo } from './skipTo';

// The walkthrough (and KaTeX with it) loads only when its tab is opened.
const Walkthrough = lazy(() => import('./components/walkthrough').then((m) => ({ default: m.Walkthrough })));

/*
 * The lab's page: the sentence and the controls in one column, the views in the other. Only the parts that show the
 * run subscribe to it (LabTokenChips, LabViews): a toggle or a mask click re-renders the views, never the sentence
 * box, the model picker or the settings.
 */
export function LabPage() {
  const t = useT();
  const { presets, causal } = useLab((s) => kindOf(s.model).traits);
  return (
    <div className="lab-layout">
      {/* Desktop: one sticky column, the sentence first. Phone: the sentence, then the views, then these controls. */}
      <div className="lab-side">
        <div className="lab-input">
          <SentenceInput />
          <LabTokenChips />
          <a className="lab-input__to-controls" href="#lab-controls" onClick={(e) => skipTo(e, 'lab-controls')}>
            {t('skip.controls')}
          </a>
        </div>
        <aside className="lab-controls" id="lab-controls" tabIndex={-1} aria-label={t('controls.label')}>
          <ModelPicker />
          {presets && <LabPresets />}
          {causal && <CausalSwitch />}
          <MaskControls />
          <SettingsPanel />
        </aside>
      </div>
      <LabViews />
    </div>
  );
}

/** The run's tokens as chips; while a long text's run waits for a pause in typing, the new text's tokens already. */
function LabTokenChips() {
  const computation = useLabComputationState();
  const { result } = computation;
  const tokens = computation.heldTokens ?? (result.ok ? result.tokens : null);
  return tokens ? <TokenChips tokens={tokens} /> : null;
}

function LabViews() {
  const t = useT();
  const computation = useLabComputationState();
  const page = useLab((s) => s.page);
  const { result } = computation;
  return (
    <div className="lab-views" id="views" tabIndex={-1}>
      <ModelStatusLine />
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
          {nextTokenRun(result) && (
            <div className="lab-section">
              <PredictionsPanel result={result} />
            </div>
          )}
          <div className="lab-section">
            <HeadsGrid />
          </div>
          {nextTokenRun(result) && result.layers.length * result.layers[0].attention.heads.length > FIND_HEADS_FROM && (
            <div className="lab-section">
              <FindHeadsTable result={result} />
            </div>
          )}
          <div className="lab-section">
            {/* The map above shows the selected head: the head view draws it on top. */}
            <HeadViewPanel headView={{ emphasiseSelected: true }} />
          </div>
        </>
      )}
    </div>
  );
}
