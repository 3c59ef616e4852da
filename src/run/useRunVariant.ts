import { useMemo } from 'react';
import type { CausalLmRun, EncoderRun } from '../engine';
import { labRunWithNormFirst } from '../models/pipeline/labVariants';
import type { LabResult } from '../models/runResult';

/**
 * The lab's run with LayerNorm first or after each sub-layer (the walkthrough's switch), asked of the pipeline's
 * variants (models/pipeline/labVariants.ts: kept per run, so every view asking in one render gets the same object); a
 * model built pre-LN gives its own run whatever the switch says. null while the lab has no run.
 */
export function useRunWithNormFirst(lab: LabResult, normFirst: boolean): EncoderRun | CausalLmRun | null {
  return useMemo(() => (lab.ok ? labRunWithNormFirst(lab, normFirst) : null), [lab, normFirst]);
}
