/** The smallest probability shown as a number: below it, "<0.1 %" (one decimal would round it to 0.0). */
const SMALLEST = 0.0005;

/**
 * A probability as a percentage with one decimal: "12.0 %". Tiny ones read "<0.1 %", ones just under 1 read
 * ">99.9 %" (never a rounded "100.0 %" while other tokens still have some), anything not a number "–" (never "NaN").
 */
export function formatProbability(p: number): string {
  if (!Number.isFinite(p)) return '–';
  if (p < SMALLEST) return '<0.1 %';
  if (p >= 1) return '100.0 %';
  if (p >= 1 - SMALLEST) return '>99.9 %';
  return `${(p * 100).toFixed(1)} %`;
}

/** A CSS width for a probability bar, clamped to 0–100 %; 0 for anything not a number. */
export function barWidth(p: number): string {
  const percent = Number.isFinite(p) ? Math.min(100, Math.max(0, p * 100)) : 0;
  return `${percent.toFixed(2)}%`;
}
