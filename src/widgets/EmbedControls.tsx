import type { ReactNode } from 'react';
import type { Token } from '../engine';
import { MaskControls } from '../components/controls/MaskControls';
import { SentenceInput } from '../components/controls/SentenceInput';
import { SettingsPanel } from '../components/controls/SettingsPanel';
import { TokenChips } from '../components/controls/TokenChips';
import { useT } from '../i18n/translate';
import { useLab } from '../state/labStore';
import type { EmbedControl, EmbedOptions, EmbedWidget } from '../shared/embedContract';
import { HeadControls } from './HeadControls';
import { LockIcon } from './LockIcon';

/**
 * What the heads control offers with each widget: the layer select always; the head select where the widget shows
 * one head; head toggles where the widget shows ablation but has no toggles of its own. The head view has its own
 * toggles; when heads are locked they are hidden (embed.css) and these, disabled, show the state instead.
 */
export function headParts(widget: EmbedWidget, headsLocked: boolean): { readonly head: boolean; readonly toggles: boolean; readonly swatches: boolean } {
  switch (widget) {
    case 'heatmap':
    case 'heads-grid':
      return { head: true, toggles: true, swatches: false };
    case 'walkthrough-step':
      return { head: true, toggles: false, swatches: false };
    case 'head-view':
      return { head: false, toggles: headsLocked, swatches: true };
    case 'predictions':
      // Switching heads off is what "before → after" is about.
      return { head: false, toggles: true, swatches: false };
    default:
      return { head: false, toggles: false, swatches: false };
  }
}

export interface EmbedControlsProps {
  readonly options: EmbedOptions;
  /** The computed tokens (for the padding chips), or null when nothing is computed. */
  readonly tokens: readonly Token[] | null;
  /** The settings panel's Reset: back to the view the embed started with. */
  readonly onReset?: () => void;
}

function MaskControl({ tokens }: { readonly tokens: readonly Token[] | null }) {
  const padding = useLab((s) => s.maskMode === 'padding');
  return (
    <>
      <MaskControls />
      {padding && tokens && <TokenChips tokens={tokens} />}
    </>
  );
}

/**
 * The shown controls, in the link's order. A locked one sits in a disabled <fieldset>: every native control inside
 * is disabled (no focus, no clicks, no keys), and guardLockedSettings undoes any change that comes another way.
 */
export function EmbedControls({ options, tokens, onReset }: EmbedControlsProps) {
  const t = useT();
  const locked = (c: EmbedControl) => options.locked.includes(c);
  const body = (control: EmbedControl): ReactNode => {
    switch (control) {
      case 'text':
        return <SentenceInput />;
      case 'mask':
        return <MaskControl tokens={tokens} />;
      case 'heads':
        return <HeadControls {...headParts(options.widget, locked('heads'))} />;
      case 'settings':
        return <SettingsPanel onReset={onReset} />;
    }
  };
  return (
    <div className="ev-controls" role="group" aria-label={t('embed.controls.label')}>
      {options.controls.map((control) =>
        locked(control) ? (
          <fieldset key={control} className="ev-control ev-lock" data-control={control} disabled>
            {/* Only text in the legend: controls inside a disabled fieldset's first legend would stay enabled. */}
            <legend className="ev-lock__legend">
              <LockIcon /> {t('embed.locked')}
            </legend>
            {body(control)}
          </fieldset>
        ) : (
          <div key={control} className="ev-control" data-control={control}>
            {body(control)}
          </div>
        ),
      )}
    </div>
  );
}
