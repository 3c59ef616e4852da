import { lazy, Suspense } from 'react';
import { HeadsGrid } from '../components/headsgrid';
import { HeadViewPanel } from '../components/headview';
import { SelectedHeadPanel } from '../components/selectedhead';
import { useT } from '../i18n/translate';
import type { EmbedOptions } from './embedContract';

const StepWidget = lazy(() => import('./walkthroughWidgets').then((m) => ({ default: m.StepWidget })));
const SqrtDkWidget = lazy(() => import('./walkthroughWidgets').then((m) => ({ default: m.SqrtDkWidget })));
const ResidualWidget = lazy(() => import('./walkthroughWidgets').then((m) => ({ default: m.ResidualWidget })));

export interface EmbedWidgetProps {
  readonly options: EmbedOptions;
  /** False while the lab cannot compute (empty text): the widgets that draw the computation are left out. */
  readonly computed: boolean;
}

/** The one widget an embed shows, bound to the global stores like its copy in the lab. */
export function EmbedWidget({ options, computed }: EmbedWidgetProps) {
  const t = useT();
  // The √d_k experiment runs on random vectors: it needs no sentence.
  if (!computed && options.widget !== 'sqrt-dk') return null;
  switch (options.widget) {
    case 'heatmap':
      return <SelectedHeadPanel />;
    case 'heads-grid':
      return <HeadsGrid />;
    case 'head-view':
      return <HeadViewPanel />;
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
