// The causal_lm golden fixtures (tests/fixtures/causal_lm_*.json), read for the engine tests without the checker's
// code: weights through the engine's decoder, the rest straight from the JSON.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { causalLmWeightsFromGolden, parseLmModelFile, type CausalLmWeights, type HeadId } from '../../../src/engine';

/** A fixture's weights: inline (golden format), or from the model file it names (the shipped model's fixtures). */
function weightsOf(raw: Record<string, unknown>, file: string): CausalLmWeights {
  if (typeof raw.model_file !== 'string') return causalLmWeightsFromGolden(raw);
  const bytes = readFileSync(resolve(dirname(file), raw.model_file));
  return parseLmModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).weights;
}

export interface LmFixture {
  readonly file: string;
  readonly raw: Record<string, unknown>;
  readonly weights: CausalLmWeights;
  readonly tokenIds: number[];
  readonly disabledHeads: HeadId[];
  readonly logits: number[][]; // L × V, or L × C: the columns `logitsColumns` names (a large vocabulary)
  readonly weightsPerHead: number[][][][]; // N × H × L × L
  /** With stored columns only: their vocabulary ids, and each row's log-sum-exp over the whole vocabulary. */
  readonly logitsColumns?: number[];
  readonly logSumExp?: number[];
}

/** The rows' logits at the fixture's stored columns (all of them when it stores every column). */
export function storedLogits(fx: LmFixture, logits: { rows: number; cols: number; data: Float32Array }): { cols: number; data: Float32Array } {
  const columns = fx.logitsColumns;
  if (!columns) return logits;
  const data = new Float32Array(logits.rows * columns.length);
  for (let r = 0; r < logits.rows; r++) columns.forEach((c, j) => (data[r * columns.length + j] = logits.data[r * logits.cols + c]));
  return { cols: columns.length, data };
}

/** Each row's log-sum-exp over every column, as one column. */
export function rowLogSumExp(logits: { rows: number; cols: number; data: Float32Array }): { cols: number; data: Float32Array } {
  const data = new Float32Array(logits.rows);
  for (let r = 0; r < logits.rows; r++) {
    const row = logits.data.subarray(r * logits.cols, (r + 1) * logits.cols);
    let top = -Infinity;
    for (const x of row) top = Math.max(top, x);
    let sum = 0;
    for (const x of row) sum += Math.exp(x - top);
    data[r] = top + Math.log(sum);
  }
  return { cols: 1, data };
}

const FIXTURES = join(__dirname, '..', '..', 'fixtures');

export function lmFixtureFiles(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.startsWith('causal_lm_') && f.endsWith('.json'))
    .sort();
}

export function loadLmFixture(file: string, edit: (raw: Record<string, unknown>) => void = () => {}): LmFixture {
  const raw = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Record<string, unknown>;
  edit(raw);
  const expected = raw.expected as { logits: number[][]; weights: number[][][][]; logsumexp?: number[] };
  return {
    file,
    raw,
    weights: weightsOf(raw, join(FIXTURES, file)),
    tokenIds: raw.token_ids as number[],
    disabledHeads: (raw.disabled_heads as [number, number][]).map(([layer, head]) => ({ layer, head })),
    logits: expected.logits,
    weightsPerHead: expected.weights,
    ...(Array.isArray(raw.logits_columns) ? { logitsColumns: raw.logits_columns as number[], logSumExp: expected.logsumexp } : {}),
  };
}

/** The largest |got − want| / (1e-4 + 1e-4·|want|): at most 1 is within the golden tolerance. */
export function worstRatio(got: { cols: number; data: Float32Array }, want: readonly (readonly number[])[]): number {
  let worst = 0;
  want.forEach((row, r) => row.forEach((w, c) => (worst = Math.max(worst, Math.abs(got.data[r * got.cols + c] - w) / (1e-4 + 1e-4 * Math.abs(w))))));
  return worst;
}
