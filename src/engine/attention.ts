import { EngineError } from './errors';
import { matmul, matmulTransposedB, shapeOf, zeros, type Matrix } from './matrix';
import type { BlockedMask } from './masks';
import { maskedSoftmax } from './softmax';

/** Every intermediate of one scaled dot-product attention, as the walkthrough shows them. */
export interface AttentionTrace {
  /** QKᵀ, [query × key]. */
  readonly scores: Matrix;
  /** scores / √d_k (or a copy of scores when scaling is off), [query × key]. */
  readonly scaled: Matrix;
  /** scaled with −Infinity at blocked entries, [query × key]. */
  readonly masked: Matrix;
  /** softmax over keys of `masked`, [query × key]; rows sum to 1 (or are 0 when fully masked). */
  readonly weights: Matrix;
  /** weights · V, [query × d_v]. */
  readonly output: Matrix;
  readonly fullyMaskedRows: readonly number[];
  /** The factor the scores were multiplied by: 1/√d_k, or 1 when scaling is off. */
  readonly scaleFactor: number;
}

export interface AttentionOptions {
  readonly mask?: BlockedMask | null;
  /** Divide by √d_k (default true). Off only to show why the scaling exists. */
  readonly scale?: boolean;
}

/**
 * softmax(Q Kᵀ / √d_k) V.
 * q: [queries × d_k], k: [keys × d_k], v: [keys × d_v].
 */
export function scaledDotProductAttention(q: Matrix, k: Matrix, v: Matrix, options: AttentionOptions = {}): AttentionTrace {
  if (q.cols !== k.cols) {
    throw new EngineError('shape-mismatch', `Q is ${shapeOf(q)} and K is ${shapeOf(k)}: queries and keys need the same width d_k.`);
  }
  if (k.rows !== v.rows) {
    throw new EngineError('shape-mismatch', `K is ${shapeOf(k)} and V is ${shapeOf(v)}: there must be one value per key.`);
  }
  const mask = options.mask ?? null;
  if (mask && (mask.queries !== q.rows || mask.keys !== k.rows)) {
    throw new EngineError('shape-mismatch', `The mask is ${mask.queries}×${mask.keys} but attention is ${q.rows}×${k.rows} (queries × keys).`);
  }
  const scaleFactor = options.scale === false ? 1 : 1 / Math.sqrt(q.cols);
  const scaled = matmulTransposedB(q, k, 'Q', 'K'); // [queries × keys], scaled in place below
  if (scaleFactor !== 1) for (let i = 0; i < scaled.data.length; i++) scaled.data[i] *= scaleFactor;
  const { weights, fullyMaskedRows } = maskedSoftmax(scaled, mask);
  const output = matmul(weights, v, 'weights', 'V'); // [queries × d_v]
  return new Trace(q, k, mask, scaled, weights, output, fullyMaskedRows, scaleFactor);
}

/**
 * A trace from weights and outputs computed elsewhere (the WebAssembly fast path): scores, scaled and masked are
 * recomputed from q and k only if read. q: [queries × d_k], k: [keys × d_k], weights: [queries × keys].
 */
export function attentionTraceFromWeights(
  q: Matrix,
  k: Matrix,
  mask: BlockedMask | null,
  weights: Matrix,
  output: Matrix,
  fullyMaskedRows: readonly number[],
  scaleFactor: number,
): AttentionTrace {
  return new Trace(q, k, mask, null, weights, output, fullyMaskedRows, scaleFactor);
}

/**
 * `weights` and `output` are computed at once; `scores`, `masked` (and `scaled` for the fast path) only when first read, since the
 * lab draws them for one head at a time and each is another queries × keys matrix per head.
 */
class Trace implements AttentionTrace {
  #scores: Matrix | null = null;
  #masked: Matrix | null = null;
  #scaled: Matrix | null;

  constructor(
    private readonly q: Matrix,
    private readonly k: Matrix,
    private readonly mask: BlockedMask | null,
    scaled: Matrix | null,
    readonly weights: Matrix,
    readonly output: Matrix,
    readonly fullyMaskedRows: readonly number[],
    readonly scaleFactor: number,
  ) {
    this.#scaled = scaled;
  }

  get scaled(): Matrix {
    if (!this.#scaled) {
      const m = matmulTransposedB(this.q, this.k, 'Q', 'K');
      if (this.scaleFactor !== 1) for (let i = 0; i < m.data.length; i++) m.data[i] *= this.scaleFactor;
      this.#scaled = m;
    }
    return this.#scaled;
  }

  get scores(): Matrix {
    this.#scores ??= this.scaleFactor === 1 ? { ...this.scaled, data: new Float32Array(this.scaled.data) } : matmulTransposedB(this.q, this.k, 'Q', 'K');
    return this.#scores;
  }

  get masked(): Matrix {
    if (!this.#masked) {
      const m = zeros(this.scaled.rows, this.scaled.cols);
      for (let i = 0; i < m.data.length; i++) m.data[i] = this.mask && this.mask.blocked[i] ? -Infinity : this.scaled.data[i];
      this.#masked = m;
    }
    return this.#masked;
  }
}
