import { headsDivide } from '../../engine';

/**
 * Which head, which of q / k / v, and which column inside the head each output feature of a fused QKV projection
 * (E → 3E) feeds, in the two layouts. All indices 0-based, as in the code. No React here.
 */
export type QkvPart = 'q' | 'k' | 'v';
export const QKV_PARTS: readonly QkvPart[] = ['q', 'k', 'v'];

export interface FeatureRole {
  readonly head: number;
  readonly part: QkvPart;
  /** Column inside the head's d_k-wide slice, 0 … D − 1. */
  readonly column: number;
}

export type QkvLayout = 'pytorch' | 'article';

/** D = E / H, or null when the sizes are not positive whole numbers or H does not divide E. */
export function headWidth(embedDim: number, numHeads: number): number | null {
  return headsDivide(embedDim, numHeads) ? embedDim / numHeads : null;
}

/**
 * PyTorch (nn.MultiheadAttention's in_proj): rows [W_q; W_k; W_v], so feature f is part ⌊f / E⌋, and inside that
 * E-wide block head ⌊(f mod E) / D⌋, column (f mod D).
 */
export function pytorchRole(f: number, embedDim: number, numHeads: number): FeatureRole | null {
  const d = headWidth(embedDim, numHeads);
  if (d === null || !Number.isInteger(f) || f < 0 || f >= 3 * embedDim) return null;
  const within = f % embedDim;
  return { head: Math.floor(within / d), part: QKV_PARTS[Math.floor(f / embedDim)], column: within % d };
}

/**
 * The seed's (and UvA's) layout: [L, 3E] reshaped to [L, H, 3D] and chunked in three, so feature f is head ⌊f / 3D⌋
 * and q, k or v by whether (f mod 3D) is < D, < 2D or more; column (f mod D).
 */
export function articleRole(f: number, embedDim: number, numHeads: number): FeatureRole | null {
  const d = headWidth(embedDim, numHeads);
  if (d === null || !Number.isInteger(f) || f < 0 || f >= 3 * embedDim) return null;
  const within = f % (3 * d);
  return { head: Math.floor(f / (3 * d)), part: QKV_PARTS[Math.floor(within / d)], column: within % d };
}

export function roleOf(layout: QkvLayout, f: number, embedDim: number, numHeads: number): FeatureRole | null {
  return layout === 'pytorch' ? pytorchRole(f, embedDim, numHeads) : articleRole(f, embedDim, numHeads);
}

/** The inverse: the feature index that holds a given role in a layout. */
export function featureOf(layout: QkvLayout, role: FeatureRole, embedDim: number, numHeads: number): number {
  const d = embedDim / numHeads;
  const part = QKV_PARTS.indexOf(role.part);
  return layout === 'pytorch' ? part * embedDim + role.head * d + role.column : role.head * 3 * d + part * d + role.column;
}
