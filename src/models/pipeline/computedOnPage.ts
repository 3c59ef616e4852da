import type { RunPlan } from '../modelKind';
import type { LabResult } from '../runResult';

/**
 * A plan's run computed on this thread now: a page plan's; for a worker plan, its whole run where the model can run
 * on the page, or with `firstScreen`, the cheap first screen it offers (else the whole run). A worker plan with
 * neither (a checkpoint's: its weights are in the worker) cannot be: null.
 */
export function computedOnPage(plan: RunPlan & { readonly where: 'page' | 'refused' }, firstScreen?: boolean): LabResult;
export function computedOnPage(plan: RunPlan, firstScreen?: boolean): LabResult | null;
export function computedOnPage(plan: RunPlan, firstScreen = false): LabResult | null {
  if (plan.where === 'refused') return { ok: false, error: plan.error };
  if (plan.where === 'page') return plan.compute();
  return (firstScreen ? plan.firstOnPage?.() : undefined) ?? plan.wholeOnPage?.() ?? null;
}
