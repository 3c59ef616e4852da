import type { LabPage } from '../../state/labStore';
import type { WalkthroughStepId } from '../../state/walkthroughStore';
import { DEFAULT_EMBED_OPTIONS, EMBED_CONTROLS, type EmbedControl, type EmbedOptions } from '../../shared/embedContract';
import type { EmbedSize } from './embedSnippet';

/** What the instructor picks in the dialog: the embed options plus the frame size. */
export interface EmbedChoices extends EmbedOptions {
  readonly size: EmbedSize;
}

/**
 * Where the dialog starts: the heatmap, or — when the student is on the walkthrough tab — that walkthrough step
 * (the first two steps show no attention, so those start at the contract's default step). The frame starts full
 * width with its height following the content: a fixed size cuts off the taller widgets (the walkthrough step is
 * about 800 px tall), and the snippet's small script resizes the frame on any course page that allows it.
 */
export const DEFAULT_EMBED_SIZE: EmbedSize = 'auto';

export function initialChoices(page: LabPage, currentStep: WalkthroughStepId): EmbedChoices {
  if (page !== 'walkthrough') return { ...DEFAULT_EMBED_OPTIONS, size: DEFAULT_EMBED_SIZE };
  const step = currentStep === 'tokens' || currentStep === 'embeddings' ? DEFAULT_EMBED_OPTIONS.step : currentStep;
  return { ...DEFAULT_EMBED_OPTIONS, widget: 'walkthrough-step', step, size: DEFAULT_EMBED_SIZE };
}

/** In EMBED_CONTROLS order, whatever order they were ticked in (so equal choices give equal links). */
function ordered(controls: readonly EmbedControl[]): EmbedControl[] {
  return EMBED_CONTROLS.filter((c) => controls.includes(c));
}

/** Shows or hides a control; a hidden control is no longer locked. */
export function withControlShown(choices: EmbedChoices, control: EmbedControl, shown: boolean): EmbedChoices {
  const controls = shown ? ordered([...choices.controls, control]) : choices.controls.filter((c) => c !== control);
  return { ...choices, controls, locked: choices.locked.filter((c) => controls.includes(c)) };
}

/** Locks or unlocks a control; only a shown control can be locked. */
export function withControlLocked(choices: EmbedChoices, control: EmbedControl, locked: boolean): EmbedChoices {
  if (locked && !choices.controls.includes(control)) return choices;
  return { ...choices, locked: locked ? ordered([...choices.locked, control]) : choices.locked.filter((c) => c !== control) };
}
