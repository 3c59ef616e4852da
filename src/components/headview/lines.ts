import type { Matrix } from '../../engine';
import type { TokenFocus } from '../../models/pipeline/headLines';

// The lines themselves (which to draw, their batches, the strongest) are read off the run in models/pipeline/headLines.ts,
// kept per head matrix there; what is here is cheap, computed per hover and kept nowhere.

/** The strongest partner of the focused token in one head: the key it attends to most, or the query that attends to it most. */
export interface StrongestPartner {
  readonly head: number;
  readonly index: number;
  readonly weight: number;
}

/** One entry per active head, in head order; none when the focus is outside the matrices. */
export function strongestPartners(weights: readonly Matrix[], disabled: ReadonlySet<number>, focus: TokenFocus): StrongestPartner[] {
  const out: StrongestPartner[] = [];
  weights.forEach((w, head) => {
    if (disabled.has(head)) return;
    const count = focus.side === 'query' ? w.cols : w.rows;
    if (focus.index >= (focus.side === 'query' ? w.rows : w.cols)) return;
    let best = -1;
    let bestWeight = -Infinity;
    for (let i = 0; i < count; i++) {
      const v = focus.side === 'query' ? w.data[focus.index * w.cols + i] : w.data[i * w.cols + focus.index];
      if (Number.isFinite(v) && v > bestWeight) {
        best = i;
        bestWeight = v;
      }
    }
    if (best >= 0) out.push({ head, index: best, weight: bestWeight });
  });
  return out;
}

/**
 * The weight of each token on the side opposite the focus, per head: with a query focused, row `index` of each
 * head (how it spreads over the keys); with a key focused, column `index` (how much each query gives it).
 * Result [token][head]; a disabled head gets 0.
 */
export function partnerWeights(weights: readonly Matrix[], disabled: ReadonlySet<number>, focus: TokenFocus): number[][] {
  if (weights.length === 0) return [];
  const first = weights[0];
  const count = focus.side === 'query' ? first.cols : first.rows;
  return Array.from({ length: count }, (_, i) =>
    weights.map((w, head) => {
      if (disabled.has(head)) return 0;
      const v = focus.side === 'query' ? w.data[focus.index * w.cols + i] : w.data[i * w.cols + focus.index];
      return Number.isFinite(v) ? v : 0;
    }),
  );
}

/** A weight for reading: three decimals, never "NaN". */
export function formatWeight(weight: number): string {
  return Number.isFinite(weight) ? weight.toFixed(3) : '—';
}

/** Device-pixel scale for a canvas `cssHeight` tall: at most 2, and low enough to stay under the browsers' 32,767-pixel side limit. */
export function canvasScale(cssHeight: number, devicePixelRatio: number, maxSide = 30000): number {
  const dpr = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return Math.max(0.25, Math.min(dpr, 2, cssHeight > 0 ? maxSide / cssHeight : 2));
}
