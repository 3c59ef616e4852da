import { rowDots, transposeInto } from './rowDots';
import { softmaxRowBackward, softmaxRowForward } from './softmax';

/**
 * Multi-head scaled dot-product self-attention on the output of the fused QKV projection, for B sequences of T.
 * qkv [B·T × 3E]: row n is [q | k | v], each E wide; head h owns columns h·D … (h+1)·D − 1 of each (D = E / H), as
 * PyTorch's in_proj. Per sequence b and head h: P = softmax(Q·Kᵀ / √D, masked), O = P·V; the heads' outputs are
 * merged side by side into out [B·T × E] (head h again in columns h·D …), ready for out_proj.
 * probs [B × H × T × T] is kept for the backward and for the heatmaps.
 * mask [T × T] (query rows, key columns), 1 = blocked, the same for every sequence; null = none.
 *
 * Each (sequence, head) is copied into contiguous T × D blocks first, so that every product is one rowDots call
 * (a·bᵀ of contiguous rows, on the SIMD kernel where available) rather than a strided loop per pair of tokens.
 */
export interface AttentionShape {
  readonly batch: number;
  readonly seqLen: number;
  readonly heads: number;
  readonly width: number;
}

// Grow-only scratch shared by every call, so a step allocates nothing: T × D blocks and T × T matrices.
const scratch = {
  q: new Float64Array(0),
  k: new Float64Array(0),
  v: new Float64Array(0),
  g: new Float64Array(0),
  t: new Float64Array(0),
  r: new Float64Array(0),
  p: new Float64Array(0),
  s: new Float64Array(0),
  st: new Float64Array(0),
};
function ensure(key: keyof typeof scratch, size: number): Float64Array {
  if (scratch[key].length < size) scratch[key] = new Float64Array(size);
  return scratch[key];
}

/** block [T × D] = columns col … col + D − 1 of rows seq … seq + T − 1 of a matrix whose rows are `stride` wide. */
function gather(src: Float64Array, seq: number, t: number, stride: number, col: number, d: number, block: Float64Array): void {
  for (let i = 0; i < t; i++) {
    const from = (seq + i) * stride + col;
    const to = i * d;
    for (let c = 0; c < d; c++) block[to + c] = src[from + c];
  }
}

/** The reverse of gather, scaled: those columns = scale · block. */
function scatter(block: Float64Array, seq: number, t: number, stride: number, col: number, d: number, dst: Float64Array, scale: number): void {
  for (let i = 0; i < t; i++) {
    const to = (seq + i) * stride + col;
    const from = i * d;
    for (let c = 0; c < d; c++) dst[to + c] = block[from + c] * scale;
  }
}

/** The sizes both passes work in, and the T × D blocks (scratch) that hold one head's Q, K and V. */
interface HeadBlocks {
  readonly batch: number;
  readonly t: number;
  readonly heads: number;
  readonly e: number;
  readonly d: number;
  /** Row width of qkv: 3E. */
  readonly stride: number;
  /** 1 / √D. */
  readonly scale: number;
  readonly q: Float64Array;
  readonly k: Float64Array;
  readonly v: Float64Array;
}

function headBlocks({ batch, seqLen: t, heads, width: e }: AttentionShape): HeadBlocks {
  const d = e / heads;
  return { batch, t, heads, e, d, stride: 3 * e, scale: 1 / Math.sqrt(d), q: ensure('q', t * d), k: ensure('k', t * d), v: ensure('v', t * d) };
}

/** Copies head h of the sequence starting at row `seq` out of qkv into the q, k and v blocks. */
function gatherHead(qkv: Float64Array, seq: number, h: number, { t, e, d, stride, q, k, v }: HeadBlocks): void {
  gather(qkv, seq, t, stride, h * d, d, q);
  gather(qkv, seq, t, stride, e + h * d, d, k);
  gather(qkv, seq, t, stride, 2 * e + h * d, d, v);
}

export function attentionForward(qkv: Float64Array, shape: AttentionShape, mask: Uint8Array | null, probs: Float64Array, out: Float64Array): void {
  const blocks = headBlocks(shape);
  const { batch, t, heads, e, d, scale, q, k, v } = blocks;
  const vT = ensure('t', t * d); // D × T
  const o = ensure('r', t * d);
  const p = ensure('p', t * t);
  for (let b = 0; b < batch; b++) {
    const seq = b * t;
    for (let h = 0; h < heads; h++) {
      gatherHead(qkv, seq, h, blocks);
      transposeInto(v, t, d, vT);
      rowDots(q, t, d, k, t, p, false); // Q·Kᵀ
      for (let i = 0; i < t * t; i++) p[i] *= scale;
      for (let i = 0; i < t; i++) softmaxRowForward(p, i * t, t, mask, i * t, p);
      const pBase = (b * heads + h) * t * t;
      for (let i = 0; i < t * t; i++) probs[pBase + i] = p[i];
      rowDots(p, t, t, vT, d, o, false); // P·V
      scatter(o, seq, t, e, h * d, d, out, 1);
    }
  }
}

/**
 * Given dOut [B·T × E], WRITES dQKV [B·T × 3E]. Per sequence and head: dV = Pᵀ·dO, dP = dO·Vᵀ, dS = softmax
 * backward of each row (0 where blocked and on fully blocked rows), dQ = dS·K / √D, dK = dSᵀ·Q / √D.
 * rowScratch is not used any more; it stays in the signature for the callers.
 */
export function attentionBackward(
  qkv: Float64Array,
  probs: Float64Array,
  dOut: Float64Array,
  shape: AttentionShape,
  _rowScratch: Float64Array,
  dQkv: Float64Array,
): void {
  const blocks = headBlocks(shape);
  const { batch, t, heads, e, d, stride, scale, q, k, v } = blocks;
  const dO = ensure('g', t * d);
  const blockT = ensure('t', t * d); // D × T: the transpose of the block multiplied on the right
  const result = ensure('r', t * d);
  const p = ensure('p', t * t);
  const dS = ensure('s', t * t);
  const sT = ensure('st', t * t); // T × T transposes (Pᵀ, dSᵀ)
  for (let b = 0; b < batch; b++) {
    const seq = b * t;
    for (let h = 0; h < heads; h++) {
      const pBase = (b * heads + h) * t * t;
      for (let i = 0; i < t * t; i++) p[i] = probs[pBase + i];
      gatherHead(qkv, seq, h, blocks);
      gather(dOut, seq, t, e, h * d, d, dO);

      // dV = Pᵀ·dO: rows of Pᵀ against rows of dOᵀ.
      transposeInto(p, t, t, sT);
      transposeInto(dO, t, d, blockT);
      rowDots(sT, t, t, blockT, d, result, false);
      scatter(result, seq, t, stride, 2 * e + h * d, d, dQkv, 1);

      // dP = dO·Vᵀ, then the softmax backward of each row, in place.
      rowDots(dO, t, d, v, t, dS, false);
      for (let i = 0; i < t; i++) softmaxRowBackward(p, i * t, dS, i * t, t, dS);

      // dQ = dS·K / √D.
      transposeInto(k, t, d, blockT);
      rowDots(dS, t, t, blockT, d, result, false);
      scatter(result, seq, t, stride, h * d, d, dQkv, scale);

      // dK = dSᵀ·Q / √D.
      transposeInto(dS, t, t, sT);
      transposeInto(q, t, d, blockT);
      rowDots(sT, t, t, blockT, d, result, false);
      scatter(result, seq, t, stride, e + h * d, d, dQkv, scale);
    }
  }
}
