/** A value with two decimals and a true minus sign ("−0.42"); anything not finite reads "–", never NaN. */
export function formatSigned(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '–';
  const text = value.toFixed(digits);
  // −0.00 would read as a negative zero: the sign only where the rounded value has one.
  return Number(text) === 0 ? (0).toFixed(digits) : text.replace('-', '−');
}

/** A weight or probability in [0, 1] as a percentage: one decimal below 10 % ("3.4 %"), none above ("37 %"). */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '–';
  const percent = p * 100;
  return `${percent.toFixed(percent > 0 && percent < 9.95 ? 1 : 0)} %`;
}

/** A count with thousands separators, rounded: 1048576 → "1,048,576" (Chinese groups digits the same way). */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * A token's text as a chip shows it: a line break as ↵, a tab as ⇥, and a token of only spaces as one ␣ per space,
 * so no chip is blank. Leading spaces of a word stay (the chip keeps white space).
 */
export function chipText(label: string): string {
  const shown = label.replace(/\n/g, '↵').replace(/\t/g, '⇥');
  return /^ +$/.test(shown) ? '␣'.repeat(shown.length) : shown;
}
