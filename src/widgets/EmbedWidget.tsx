import { lazy, Suspense, useMemo, useRef } from 'react';
import { GenerationPanel } from '../components/generation';
import { HeadsGrid } from '../components/headsgrid';
import { fittedTokenColumn, HeadViewPanel } from '../components/headview';
import { PredictionsPanel } from '../components/predictions';
import { SelectedHeadPanel } from '../components/selectedhead';
import { useT } from '../i18n/translate';
import type { EmbedOptions } from '../shared/embedContract';
import { useLab } from '../state/labStore';
import { useLabComputation, useModelShape } from '../run/useLabComputation';
import { useElementWidth } from '../shared/useElementWidth';

const StepWidget = lazy(() => import('./walkthroughWidgets').then((m) => ({ default: m.StepWidget })));
const SqrtDkWidget = lazy(() => import('./walkthroughWidgets').then((m) => ({ default: m.SqrtDkWidget })));
const ResidualWidget = lazy(() => import('./walkthroughWidgets').then((m) => ({ default: m.ResidualWidget })));

export interface EmbedWidgetProps {
  readonly options: EmbedOptions;
  /** False while the lab cannot compute (empty text): the widgets that draw the computation are left out. */
  readonly computed: boolean;
}

/*
 * The heatmap's longest side in the lab (420 px) and the room its axis titles, token labels and panel padding take
 * beside it. In a narrower frame the cells shrink to fit instead of scrolling sideways.
 */
const HEATMAP_MAX = 420;
const HEATMAP_MIN = 160;
const HEATMAP_CHROME = 150;

/** The heatmap panel, sized to the frame it is in. */
function FittedHeatmap() {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const size = width === null ? HEATMAP_MAX : Math.round(Math.min(HEATMAP_MAX, Math.max(HEATMAP_MIN, width - HEATMAP_CHROME)));
  return (
    <div ref={box}>
      <SelectedHeadPanel size={size} />
    </div>
  );
}

/*
 * The heads grid's thumbnails likewise: one column of layer labels, then heads + 1 (the average) columns, each a
 * thumbnail plus its 12 px frame and the grid gap. Below the minimum (many heads in a phone-wide frame) it scrolls.
 */
const THUMB_MAX = 64;
const THUMB_MIN = 24;
const GRID_LABELS = 90;
const THUMB_CHROME = 22;

function FittedHeadsGrid() {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const columns = useModelShape().numHeads + 1;
  const fitted = width === null ? THUMB_MAX : Math.floor((width - GRID_LABELS) / columns) - THUMB_CHROME;
  return (
    <div ref={box}>
      <HeadsGrid thumbnailSize={Math.min(THUMB_MAX, Math.max(THUMB_MIN, fitted))} />
    </div>
  );
}

/*
 * The head view: its two token columns, the panel's padding, and the lines between them. The columns are as wide as
 * the longest token needs (within 5.25–9 rem), so a phone-wide frame shows "walked" whole; the lines give way
 * first, down to LINES_MIN, and only then the columns.
 */
const LINES_MAX = 180;
const LINES_MIN = 72;
const HEAD_VIEW_CHROME = 48;
const REM = 16;
const COLUMN_MIN = 5.25 * REM;
const COLUMN_MAX = 9 * REM;
const DIFFERENCE_MAX = 256;
const DIFFERENCE_MIN = 120;
const DIFFERENCE_CHROME = 110;

function FittedHeadView() {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const result = useLabComputation();
  const tokens = useMemo(() => (result.ok ? result.tokens.map((tk) => tk.text) : []), [result]);
  const wanted = fittedTokenColumn(tokens, COLUMN_MIN, COLUMN_MAX);
  // The columns may take what the lines do not need; never less than COLUMN_MIN each.
  const room = width === null ? wanted : Math.floor((width - HEAD_VIEW_CHROME - LINES_MIN) / 2);
  const column = Math.max(COLUMN_MIN, Math.min(wanted, room));
  const fitted = width === null ? LINES_MAX : Math.floor(width - 2 * column - HEAD_VIEW_CHROME);
  // The difference grid beside (or, narrow, below) it: its token labels (64 px) and padding take the rest.
  const grid = width === null ? DIFFERENCE_MAX : Math.min(DIFFERENCE_MAX, Math.max(DIFFERENCE_MIN, width - DIFFERENCE_CHROME));
  return (
    <div ref={box}>
      <HeadViewPanel headView={{ linesWidth: Math.min(LINES_MAX, Math.max(LINES_MIN, fitted)), columnWidth: column }} difference={{ width: grid }} />
    </div>
  );
}

/** The next-token predictions of the embed's run (the trained model: EmbedView scopes these widgets to it). */
function EmbedPredictions() {
  const result = useLabComputation();
  return result.ok ? <PredictionsPanel result={result} /> : null;
}

/** Generation from the embed's sentence: the prompt box edits it, unless the link locks the text. */
function EmbedGeneration({ textLocked }: { readonly textLocked: boolean }) {
  const text = useLab((s) => s.text);
  const set = useLab((s) => s.set);
  return <GenerationPanel prompt={text} onPromptChange={textLocked ? null : (prompt) => set({ text: prompt })} />;
}

/** The one widget an embed shows, bound to the global stores like its copy in the lab. */
export function EmbedWidget({ options, computed }: EmbedWidgetProps) {
  const t = useT();
  // The √d_k experiment runs on random vectors: it needs no sentence. Generation keeps its prompt box, where an
  // empty prompt is said in place.
  if (!computed && options.widget !== 'sqrt-dk' && options.widget !== 'generation') return null;
  switch (options.widget) {
    case 'heatmap':
      return <FittedHeatmap />;
    case 'heads-grid':
      return <FittedHeadsGrid />;
    case 'head-view':
      return <FittedHeadView />;
    case 'predictions':
      return <EmbedPredictions />;
    case 'generation':
      return <EmbedGeneration textLocked={options.locked.includes('text')} />;
    default:
      return (
        <Suspense fallback={<p className="lab-pending">{t('embed.loading')}</p>}>
          {options.widget === 'walkthrough-step' && <StepWidget step={options.step} />}
          {options.widget === 'sqrt-dk' && <SqrtDkWidget />}
          {options.widget === 'residual' && <ResidualWidget />}
        </Suspense>
      );
  }
}
