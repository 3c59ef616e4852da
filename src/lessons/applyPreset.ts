import { useLab } from '../state/labStore';
import { useWalkthrough } from '../state/walkthroughStore';
import type { LabPreset } from './types';

/** What a lesson's "try it" button does: set the shared stores through their actions (the widgets follow). */
export function applyPreset(preset: LabPreset): void {
  if (preset.lab) useLab.getState().set(preset.lab);
  if (preset.walkthroughStep) useWalkthrough.getState().set({ step: preset.walkthroughStep });
}
