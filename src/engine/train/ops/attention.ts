import { softmaxRowBackward, softmaxRowForward } from './softmax';

/**
 * Multi-head scaled dot-product self-attention on the output of the fused QKV projection, for B sequences of T.
 * qkv [B·T × 3E]: row n is [q | k | v], each E wide; head h owns columns h·D … (h+1)·D − 1 of each (D = E / H), as
 * PyTorch's in_proj. Per sequence b and head h: P = softmax(Q·Kᵀ / √D, masked), O = P·V; the heads' outputs are
 * merged side by side into out [B·T × E] (head h again in columns h·D …), ready for out_proj.
 * probs [B × H × T × T] is kept for the backward and for the heatmaps.
 * mask [T × T] (query rows, key columns), 1 = blocked, the same for every sequence; null = none.
 */
export interface AttentionShape {
  readonly batch: number;
  readonly seqLen: number;
  readonly heads: number;
  readonly width: number;
}

export function attentionForward(qkv: Float64Array, shape: AttentionShape, mask: Uint8Array | null, probs: Float64Array, out: Float64Array): void {
  const { batch, seqLen: t, heads, width: e } = shape;
  const d = e / heads;
  const stride = 3 * e;
  const scale = 1 / Math.sqrt(d);
  for (let b = 0; b < batch; b++) {
    const seq = b * t;
    for (let h = 0; h < heads; h++) {
      const pBase = (b * heads + h) * t * t;
      const qCol = h * d;
      const kCol = e + h * d;
      const vCol = 2 * e + h * d;
      for (let i = 0; i < t; i++) {
        const qi = (seq + i) * stride + qCol;
        const row = pBase + i * t;
        for (let j = 0; j < t; j++) {
          if (mask !== null && mask[i * t + j] === 1) {
            probs[row + j] = 0;
            continue;
          }
          const kj = (seq + j) * stride + kCol;
          let s = 0;
          for (let c = 0; c < d; c++) s += qkv[qi + c] * qkv[kj + c];
          probs[row + j] = s * scale;
        }
        softmaxRowForward(probs, row, t, mask, i * t, probs);
        const oi = (seq + i) * e + h * d;
        for (let c = 0; c < d; c++) out[oi + c] = 0;
        for (let j = 0; j < t; j++) {
          const p = probs[row + j];
          if (p === 0) continue;
          const vj = (seq + j) * stride + vCol;
          for (let c = 0; c < d; c++) out[oi + c] += p * qkv[vj + c];
        }
      }
    }
  }
}

/**
 * Given dOut [B·T × E], WRITES dQKV [B·T × 3E]. Per query row i: dP = dO_i·Vᵀ, dV += P_iᵀ·dO_i, dS = softmax
 * backward (0 where blocked and on fully blocked rows), dQ_i = dS·K / √D, dK += dSᵀ·Q_i / √D.
 * rowScratch holds T values.
 */
export function attentionBackward(
  qkv: Float64Array,
  probs: Float64Array,
  dOut: Float64Array,
  shape: AttentionShape,
  rowScratch: Float64Array,
  dQkv: Float64Array,
): void {
  const { batch, seqLen: t, heads, width: e } = shape;
  const d = e / heads;
  const stride = 3 * e;
  const scale = 1 / Math.sqrt(d);
  dQkv.fill(0, 0, batch * t * stride);
  for (let b = 0; b < batch; b++) {
    const seq = b * t;
    for (let h = 0; h < heads; h++) {
      const pBase = (b * heads + h) * t * t;
      const qCol = h * d;
      const kCol = e + h * d;
      const vCol = 2 * e + h * d;
      for (let i = 0; i < t; i++) {
        const row = pBase + i * t;
        const oi = (seq + i) * e + h * d;
        for (let j = 0; j < t; j++) {
          const p = probs[row + j];
          const vj = (seq + j) * stride + vCol;
          let dp = 0;
          for (let c = 0; c < d; c++) {
            const g = dOut[oi + c];
            dp += g * qkv[vj + c];
            dQkv[vj + c] += p * g;
          }
          rowScratch[j] = dp;
        }
        softmaxRowBackward(probs, row, rowScratch, 0, t, rowScratch);
        const qi = (seq + i) * stride + qCol;
        for (let j = 0; j < t; j++) {
          const ds = rowScratch[j] * scale;
          if (ds === 0) continue;
          const kj = (seq + j) * stride + kCol;
          for (let c = 0; c < d; c++) {
            dQkv[qi + c] += ds * qkv[kj + c];
            dQkv[kj + c] += ds * qkv[qi + c];
          }
        }
      }
    }
  }
}
