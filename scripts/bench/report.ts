// Formatting of the benchmark's printed table and lines.

export interface Row {
  readonly label: string;
  readonly tokens: number;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly medianMs: number;
  readonly minMs: number;
  readonly gflops: number;
  readonly samples: string;
  /** max |Δ| of the output against ours (ours: against the TypeScript reference). */
  readonly maxAbsDiff: number;
  readonly diffAgainst: string;
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

export function formatMs(ms: number): string {
  if (ms < 0.1) return ms.toFixed(4);
  if (ms < 10) return ms.toFixed(3);
  return ms.toFixed(1);
}

export function formatTable(rows: readonly Row[]): string {
  const header = ['implementation', 'L', 'E', 'H', 'median ms', 'min ms', 'GFLOP/s', 'samples×calls', 'max|Δ| output'];
  const cells = rows.map((r) => [
    r.label,
    String(r.tokens),
    String(r.embedDim),
    String(r.numHeads),
    formatMs(r.medianMs),
    formatMs(r.minMs),
    r.gflops.toFixed(2),
    r.samples,
    `${r.maxAbsDiff.toExponential(1)} vs ${r.diffAgainst}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: readonly string[]) => c.map((t, i) => pad(t, widths[i], i > 0 && i < 8)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** The exact format: `ratio_vs_tfjs_wasm L=64 : 0.83` (our median ÷ theirs; below 1 means we are faster). */
export function ratioLine(peerId: string, tokens: number, ours: number, theirs: number): string {
  return `ratio_vs_${peerId} L=${tokens} : ${(ours / theirs).toFixed(2)}`;
}

/** The language model's line, same format: `ratio_lm_vs_ort_wasm L=64 : 2.10` (our median ÷ theirs). */
export function lmRatioLine(peerId: string, tokens: number, ours: number, theirs: number): string {
  return `ratio_lm_vs_${peerId} L=${tokens} : ${(ours / theirs).toFixed(2)}`;
}

/** The medians behind an LM ratio line: `lm_median_ms L=64 : ours 4.20, ort_wasm 2.00`. */
export function lmMedianLine(peerId: string, tokens: number, ours: number, theirs: number): string {
  return `lm_median_ms L=${tokens} : ours ${formatMs(ours)}, ${peerId} ${formatMs(theirs)}`;
}

/** A named case's ratio line, same format: `ratio_gpt2_first_run_vs_ort_wasm L=64 : 0.40` (our median ÷ theirs). */
export function caseRatioLine(name: string, peerId: string, tokens: number, ours: number, theirs: number): string {
  return `ratio_${name}_vs_${peerId} L=${tokens} : ${(ours / theirs).toFixed(2)}`;
}

/** The medians behind a case's ratio line: `gpt2_first_run_median_ms L=64 : ours 700.0, ort_wasm 1800.0`. */
export function caseMedianLine(name: string, peerId: string, tokens: number, ours: number, theirs: number): string {
  return `${name}_median_ms L=${tokens} : ours ${formatMs(ours)}, ${peerId} ${formatMs(theirs)}`;
}
