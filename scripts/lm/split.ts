/** Deterministic train / held-out assignment. Pure: no I/O. */
import { createHash } from 'node:crypto';

export const DEFAULT_HELDOUT_FRACTION = 0.02;

/**
 * A document goes to held-out when the first 32 bits of sha256(source NUL id), read as a fraction of 2^32, fall below
 * `fraction`. It depends only on the source name and the document's own id, never on file or listing order, so
 * adding, removing or reordering other documents never moves a document between train and held-out.
 */
export function isHeldOut(source: string, id: string, fraction: number = DEFAULT_HELDOUT_FRACTION): boolean {
  const digest = createHash('sha256').update(`${source}\u0000${id}`, 'utf8').digest();
  return digest.readUInt32BE(0) / 2 ** 32 < fraction;
}
