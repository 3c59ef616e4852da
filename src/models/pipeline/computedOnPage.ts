import type { RunPlan } from '../modelKind';
import type { LabResult } from '../runResult';

/**
 * A plan's run computed on this thread now: a page plan's, or a worker plan's first screen. A worker plan without
 * one (a checkpoint's: its weights are in the worker) cannot be: null.
 */
export function computedOnPage(plan: RunPlan & { readonly where: 'page' | 'refused' }): LabResult;
export function computedOnPage(plan: RunPlan): LabResult | null;
export function computedOnPage(plan: RunPlan): LabResult | null {
  if (plan.where === 'refused') return { ok: false, error: plan.error };
  if (plan.where === 'page') return plan.compute();
  return plan.firstOnPage?.() ?? null;
}
