/** Number formats of the playground: never NaN or "Infinity" on screen. */

export const NONE = '—';

export function formatPercent(fraction: number | undefined, digits = 1): string {
  return fraction === undefined || !Number.isFinite(fraction) ? NONE : `${(fraction * 100).toFixed(digits)} %`;
}

export function formatLoss(loss: number | undefined): string {
  return loss === undefined || !Number.isFinite(loss) ? NONE : loss.toFixed(loss < 0.01 ? 4 : 3);
}

/** Steps per second: whole numbers from 10 up, one decimal below (a width-128, 4-layer model is slow). */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond) || perSecond <= 0) return NONE;
  return perSecond >= 10 ? String(Math.round(perSecond)) : perSecond.toFixed(1);
}
