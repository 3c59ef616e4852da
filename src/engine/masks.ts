import { EngineError } from './errors';

/**
 * Which keys each query may not look at. Convention throughout the engine (PyTorch's boolean one):
 * `true` = blocked. A mask is queries × keys, row-major: blocked[q * keys + k].
 */
export interface BlockedMask {
  readonly queries: number;
  readonly keys: number;
  readonly blocked: Uint8Array;
}

/** The masks a student can switch on; they combine (a key is blocked if any of them blocks it). */
export interface MaskSpec {
  /** Query i may only attend to keys j ≤ i (decoder-style, no peeking ahead). */
  readonly causal?: boolean;
  /** One flag per key: true = this key is padding and every query ignores it. */
  readonly keyPadding?: readonly boolean[] | null;
  /** A full queries × keys matrix, true = blocked. */
  readonly custom?: readonly (readonly boolean[])[] | null;
}

export function emptyMask(queries: number, keys: number): BlockedMask {
  return { queries, keys, blocked: new Uint8Array(queries * keys) };
}

/** Combines the switched-on masks into one; null when nothing is masked, so the fast path can skip the checks. */
export function buildMask(queries: number, keys: number, spec: MaskSpec | undefined): BlockedMask | null {
  if (!spec) return null;
  const { causal = false, keyPadding = null, custom = null } = spec;
  if (!causal && !keyPadding && !custom) return null;
  const mask = emptyMask(queries, keys);
  if (keyPadding && keyPadding.length !== keys) {
    throw new EngineError('shape-mismatch', `The key padding mask has ${keyPadding.length} flags but there are ${keys} keys.`);
  }
  if (custom) {
    if (custom.length !== queries || custom.some((r) => r.length !== keys)) {
      throw new EngineError('shape-mismatch', `The custom mask must be ${queries}×${keys} (queries × keys).`);
    }
  }
  for (let q = 0; q < queries; q++) {
    for (let k = 0; k < keys; k++) {
      const isBlocked = (causal && k > q) || (keyPadding !== null && keyPadding[k]) || (custom !== null && custom[q][k]);
      mask.blocked[q * keys + k] = isBlocked ? 1 : 0;
    }
  }
  return mask;
}

export function maskFromRows(rows: readonly (readonly boolean[])[]): BlockedMask {
  const queries = rows.length;
  const keys = queries === 0 ? 0 : rows[0].length;
  return buildMask(queries, keys, { custom: rows }) ?? emptyMask(queries, keys);
}

export function isBlocked(mask: BlockedMask | null, q: number, k: number): boolean {
  return mask !== null && mask.blocked[q * mask.keys + k] === 1;
}
