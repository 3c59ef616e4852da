/**
 * The cost of one attention layer against one recurrent layer, for the attention-cost widget. Operation counts are
 * the leading terms of Vaswani et al. 2017, Table 1 (constants dropped): n²·d for self-attention (n queries × n keys,
 * a d-long dot product each), n·d² for a recurrent layer (n steps, each a d × d matrix times a vector).
 */

/** The slider's lengths: powers of two from 16 to 32,768 (a log scale, one step per doubling). */
export const LENGTH_EXPONENTS = { min: 4, max: 15 } as const;
/** The slider's widths: powers of two from 32 to 4,096 (the base Transformer has d = 512). */
export const WIDTH_EXPONENTS = { min: 5, max: 12 } as const;

export const BYTES_PER_NUMBER = { float32: 4, float16: 2 } as const;

/** Entries of one head's n × n score (and weight) matrix in one layer. */
export function scoreEntries(n: number): number {
  return n * n;
}

export function scoreBytes(n: number, bytesPerNumber: number): number {
  return scoreEntries(n) * bytesPerNumber;
}

/** Self-attention's leading term per layer: n²·d. */
export function attentionOps(n: number, d: number): number {
  return n * n * d;
}

/** A recurrent layer's leading term: n·d². */
export function recurrentOps(n: number, d: number): number {
  return n * d * d;
}

/** The length where the two curves cross: n²·d = n·d² ⇔ n = d. */
export function crossoverLength(d: number): number {
  return d;
}

/** Clamps a whole exponent into the slider's range; anything that is not a finite number gives `fallback`. */
export function clampExponent(value: unknown, range: { readonly min: number; readonly max: number }, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(range.max, Math.max(range.min, Math.round(value)));
}

/** The exponent of a power of two given in a placement's config (e.g. n: 1024 → 10), clamped; otherwise `fallback`. */
export function exponentOf(value: unknown, range: { readonly min: number; readonly max: number }, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return fallback;
  return clampExponent(Math.log2(value), range, fallback);
}

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Bytes in the largest binary unit that keeps the number at least 1: 4194304 → "4 MiB", 1536 → "1.5 KiB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BINARY_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${BINARY_UNITS[unit]}`;
}

/** "10¹²"-style label of a power of ten, for the chart's axis. */
export function powerOfTenLabel(exponent: number): string {
  const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
  return `10${[...String(exponent)].map((c) => SUPERSCRIPT[Number(c)]).join('')}`;
}
