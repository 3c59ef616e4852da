import { nearestDividingHeads } from '../engine';
import { useLab } from '../state/labStore';
import { URL_LIMITS } from '../state/url/urlState';
import { useWalkthrough } from '../state/walkthroughStore';
import type { LabPreset } from './types';

/**
 * What a lesson's "try it" button does: set the shared stores through their actions (the widgets follow). A preset
 * that sets only the width or only the head count keeps the model buildable: the heads become the nearest count
 * that divides the width, the rule of the settings panel and of links.
 */
export function applyPreset(preset: LabPreset): void {
  if (preset.lab) {
    const lab = useLab.getState();
    const width = preset.lab.embedDim ?? lab.embedDim;
    const heads = nearestDividingHeads(width, preset.lab.numHeads ?? lab.numHeads, URL_LIMITS.maxHeads);
    lab.set({ ...preset.lab, numHeads: heads });
  }
  if (preset.walkthroughStep) useWalkthrough.getState().set({ step: preset.walkthroughStep });
}
