// The qkv-editor toy: three tokens, d_k = d_v = 2. What the student types is text; only a valid number replaces a
// cell's last good value, so the engine never sees NaN, ±Infinity or a huge value.

export const QKV_NAMES = ['Q', 'K', 'V'] as const;
export type QkvName = (typeof QKV_NAMES)[number];

export const QKV_TOKENS = 3;
export const QKV_WIDTH = 2;
/** Typed values must lie within ±VALUE_LIMIT (larger ones only make the softmax one-hot and hide the idea). */
export const VALUE_LIMIT = 10;

/** Row-major [token × feature] values per matrix, QKV_TOKENS × QKV_WIDTH each. */
export type QkvValues = Readonly<Record<QkvName, readonly number[]>>;

export const DEFAULT_QKV: QkvValues = {
  Q: [1, 0, 0, 1, 1, 1],
  K: [2, 0, 0, 1, 1, 1],
  V: [1, 0, 0, 1, -1, 1],
};

export type CellIssue = 'empty' | 'not-a-number' | 'out-of-range';
export type Parsed = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly issue: CellIssue };

// Plain decimals with an optional exponent: "-1.5", ".5", "2e-1". Not "0x10", "Infinity" or "1,2,3".
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A cell's text as a number, or why it is not one. Accepts a decimal comma and the typographic minus. */
export function parseCell(text: string): Parsed {
  const s = text.trim().replace(',', '.').replace(/\u2212/g, '-');
  if (s === '') return { ok: false, issue: 'empty' };
  if (!DECIMAL.test(s)) return { ok: false, issue: 'not-a-number' };
  const value = Number(s);
  if (!Number.isFinite(value) || Math.abs(value) > VALUE_LIMIT) return { ok: false, issue: 'out-of-range' };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/** The rows of one matrix, for fromRows. */
export function rowsOf(values: readonly number[], cols = QKV_WIDTH): number[][] {
  return Array.from({ length: values.length / cols }, (_, r) => values.slice(r * cols, (r + 1) * cols));
}
