import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LabStatus } from '../components/LabStatus';
import { ModelStatusLine } from '../components/model/ModelStatusLine';
import { UrlNotices } from '../components/share/UrlNotices';
import { useT } from '../i18n/translate';
import { useUi } from '../state/uiStore';
import { settingsOf, useLab, useLabStore } from '../state/labStore';
import { RunScope } from '../run/RunScope';
import { TokenLimitContext } from '../state/tokenLimit';
import { kindOf } from '../state/modelChoice';
import { useModelKind } from '../run/useModelKind';
import { useLabComputationState } from '../run/useLabComputation';
import { settingsToQuery, type UrlNotice } from '../state/url/urlState';
import { TRAINED_ONLY_WIDGETS, type EmbedOptions, type EmbedWidget as EmbedWidgetId } from '../shared/embedContract';
import { ModelScope, useScopedModel } from '../state/modelScope';
import { EmbedControls } from './EmbedControls';
import { EmbedNotices } from './EmbedNotices';
import { EmbedWidget } from './EmbedWidget';
import { embedTokenLimit } from './embedWorkBudget';
import { guardLockedSettings } from './lockGuard';
import { LockIcon } from './LockIcon';
import { isEmbedNotice, type EmbedNotice, type EmbedPageNotice } from './parseEmbedQuery';
import './embed.css';

export interface EmbedViewProps {
  readonly options: EmbedOptions;
  /** What the embed link got wrong (parseEmbedQuery's notices); shown compactly above the widget, dismissible. */
  readonly notices?: readonly EmbedPageNotice[];
  /** The lab page the "Open in Attention Lab" link points to (default './index.html', next to embed.html). */
  readonly labUrl?: string;
}

/**
 * One widget with the controls the link asks for, reading and writing the stores (useLab, useUi, useWalkthrough:
 * the nearest providers', else the global ones).
 * It never reads window.location: the embed page (or a custom element) parses its own parameters and passes
 * the options in. Locked controls stay at the values the stores hold when it mounts.
 */
export function EmbedView(props: EmbedViewProps) {
  return (
    <EmbedModelScope widget={props.options.widget}>
      <EmbedViewWithLimit {...props} />
    </EmbedModelScope>
  );
}

/** The model an embed of `widget` runs: predictions and generation need a language model, so they run the trained one unless the link opens GPT-2 (predictions). */
export function EmbedModelScope({ widget, children }: { readonly widget: EmbedWidgetId; readonly children: ReactNode }) {
  // Predictions of a GPT-2 checkpoint (model=<its folder on this site>) are GPT-2's own; generation stays the trained model's.
  const opened = useLab((s) => kindOf(s.model).traits.openedShape !== null);
  const ownModel = !TRAINED_ONLY_WIDGETS.includes(widget) || (widget === 'predictions' && opened);
  return <ModelScope model={ownModel ? 'settings' : 'trained'}>{children}</ModelScope>;
}

function EmbedViewWithLimit(props: EmbedViewProps) {
  const widget = props.options.widget;
  const fixed = useModelKind().traits.fixedShape;
  const embedDim = useLab((s) => fixed?.embedDim ?? s.embedDim);
  const numHeads = useLab((s) => fixed?.numHeads ?? s.numHeads);
  const numLayers = useLab((s) => fixed?.numLayers ?? s.numLayers);
  // Everything below computes at most this many tokens, so the host page is never blocked for long.
  const limit = embedTokenLimit(widget, { embedDim, numHeads, numLayers });
  return (
    <TokenLimitContext value={limit}>
      {/* The embed's one subscription to its run (a custom element's own stores, or the embed page's). */}
      <RunScope>
        <EmbedViewBody {...props} />
      </RunScope>
    </TokenLimitContext>
  );
}

function EmbedViewBody({ options, notices = [], labUrl = './index.html' }: EmbedViewProps) {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const computation = useLabComputationState();
  const settings = useLab(useShallow(settingsOf));
  const [dismissed, setDismissed] = useState<ReadonlySet<EmbedPageNotice>>(() => new Set());
  // The store this view renders from: a custom element's own, or the page's global one.
  const labStore = useLabStore();
  useLayoutEffect(() => guardLockedSettings(options.locked, labStore), [options.locked, labStore]);
  // The view the link (or the element's attributes) set up: what the settings panel's Reset returns to.
  const [start] = useState(() => settingsOf(labStore.getState()));
  const resetToStart = () => labStore.getState().set(start);

  const dismiss = (notice: EmbedPageNotice | undefined) => {
    if (notice) setDismissed((d) => new Set(d).add(notice));
  };
  const visible = notices.filter((n) => !dismissed.has(n));
  const labNotices = visible.filter((n): n is UrlNotice => !isEmbedNotice(n));
  const embedNotices = visible.filter((n): n is EmbedNotice => isEmbedNotice(n));

  const { result } = computation;
  // Fitting a long view into a short link tries several lengths: only when the settings change, not per render.
  // The lab opens on the model this view runs (the trained one for predictions and generation).
  const model = useScopedModel(settings.model);
  const query = useMemo(() => settingsToQuery({ ...settings, model }, locale), [settings, locale, model]);
  const href = query === '' ? labUrl : `${labUrl}?${query}`;
  // The heads grid is nothing but a head selector: with heads locked, its thumbnails are disabled too.
  const widgetLocked = options.widget === 'heads-grid' && options.locked.includes('heads');
  const widget = <EmbedWidget options={options} computed={result.ok} />;

  return (
    <div className="ev" lang={locale === 'zh' ? 'zh-CN' : 'en'} data-widget={options.widget} data-locked={options.locked.join(' ')}>
      <UrlNotices notices={labNotices} onDismiss={(i) => dismiss(labNotices[i])} />
      <EmbedNotices notices={embedNotices} onDismiss={(i) => dismiss(embedNotices[i])} />
      {options.controls.length > 0 && <EmbedControls options={options} tokens={result.ok ? result.tokens : null} onReset={resetToStart} />}
      {/* The √d_k experiment needs no sentence: "type a sentence" would only confuse there. */}
      {options.widget !== 'sqrt-dk' && <LabStatus state={computation} />}
      <ModelStatusLine place="embed" />
      <div className="ev-widget">
        {widgetLocked ? (
          <fieldset className="ev-lock ev-lock--widget" disabled>
            <legend className="ev-lock__legend">
              <LockIcon /> {t('embed.locked')}
            </legend>
            {widget}
          </fieldset>
        ) : (
          widget
        )}
      </div>
      <p className="ev-footer">
        <a href={href} target="_blank" rel="noopener">
          {t('embed.openInLab')}
          <span className="ev-visually-hidden"> {t('embed.newTab')}</span>
          <span aria-hidden="true"> ↗</span>
        </a>
      </p>
    </div>
  );
}
