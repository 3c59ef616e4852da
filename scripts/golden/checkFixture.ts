import { encoderLayer } from '../../src/engine/encoderLayer';
import { buildMask } from '../../src/engine/masks';
import type { Matrix } from '../../src/engine/matrix';
import { fromPytorchInProj, multiHeadAttention } from '../../src/engine/multiHead';
import { CausalLmModel } from '../../src/engine/run/causalLmModel';
import type { CausalLmFixture, GoldenFixture } from './parseFixture';

/** numpy.allclose with atol = rtol = 1e-4, as shared/golden-format.md asks. */
export const ATOL = 1e-4;
export const RTOL = 1e-4;

export interface FixtureResult {
  readonly passed: boolean;
  /** Largest |got − expected| over every compared value. */
  readonly maxAbsError: number;
  /** The first value outside tolerance, described for a human; null when passed. */
  readonly firstFailure: string | null;
  readonly compared: number;
}

interface Comparison {
  maxAbsError: number;
  firstFailure: string | null;
  compared: number;
}

/**
 * Compares got (row-major) with expected. An expected null is PyTorch's NaN for a row with every key masked:
 * the engine must give that row zeros and report it as fully masked instead.
 */
function compareGrid(got: Matrix, expected: (number | null)[][], label: string, fullyMaskedRows: ReadonlySet<number>, acc: Comparison): void {
  for (let r = 0; r < expected.length; r++) {
    for (let c = 0; c < expected[r].length; c++) {
      const want = expected[r][c];
      const have = got.data[r * got.cols + c];
      if (want === null) {
        if (!fullyMaskedRows.has(r) && acc.firstFailure === null) acc.firstFailure = `${label}[${r}][${c}]: PyTorch gave NaN but the engine did not report row ${r} as fully masked`;
        continue;
      }
      const err = Math.abs(have - want);
      acc.compared++;
      if (!(err <= acc.maxAbsError)) acc.maxAbsError = Number.isNaN(err) ? Infinity : err;
      if (!(err <= ATOL + RTOL * Math.abs(want)) && acc.firstFailure === null) {
        acc.firstFailure = `${label}[${r}][${c}]: got ${have}, expected ${want} (|error| ${err.toExponential(2)})`;
      }
    }
  }
}

/** The language model's run on the fixture's ids with its heads disabled: the logits and every head's weights. */
function compareCausalLm(fx: CausalLmFixture, acc: Comparison): void {
  const run = new CausalLmModel(fx.weights).runIds(fx.tokenIds, { disabledHeads: fx.disabledHeads });
  if (fx.logitsColumns && fx.expectedLogSumExp) {
    const { rows, cols } = run.logits;
    const picked = fx.logitsColumns;
    const data = new Float32Array(rows * picked.length);
    const lse = new Float32Array(rows);
    for (let r = 0; r < rows; r++) {
      const row = run.logits.data.subarray(r * cols, (r + 1) * cols);
      picked.forEach((c, j) => (data[r * picked.length + j] = row[c]));
      let top = -Infinity;
      for (const x of row) top = Math.max(top, x);
      let sum = 0;
      for (const x of row) sum += Math.exp(x - top);
      lse[r] = top + Math.log(sum);
    }
    compareGrid({ rows, cols: picked.length, data }, fx.expectedLogits, 'logits (stored columns)', new Set(), acc);
    compareGrid({ rows, cols: 1, data: lse }, fx.expectedLogSumExp.map((x) => [x]), 'logsumexp', new Set(), acc);
  } else {
    compareGrid(run.logits, fx.expectedLogits, 'logits', new Set(), acc);
  }
  fx.expectedWeights.forEach((heads, layer) =>
    heads.forEach((w, h) => compareGrid(run.layers[layer].attention.heads[h].weights, w, `weights[${layer}][${h}]`, new Set(), acc)),
  );
}

export function checkFixture(fx: GoldenFixture): FixtureResult {
  const acc: Comparison = { maxAbsError: 0, firstFailure: null, compared: 0 };
  if (fx.kind === 'causal_lm') compareCausalLm(fx, acc);
  else checkLayerFixture(fx, acc);
  if (acc.compared === 0 && acc.firstFailure === null) acc.firstFailure = 'the fixture holds no expected values to compare';
  return { passed: acc.firstFailure === null, ...acc };
}

function checkLayerFixture(fx: Exclude<GoldenFixture, CausalLmFixture>, acc: Comparison): void {
  const attention = fromPytorchInProj(fx.numHeads, fx.inProjWeight, fx.inProjBias, fx.outProjWeight, fx.outProjBias);
  const mask = buildMask(fx.seqLen, fx.seqLen, { custom: fx.attnMask, keyPadding: fx.keyPaddingMask });

  if (fx.kind === 'mha') {
    const trace = multiHeadAttention(fx.x, attention, { mask });
    const fullyMasked = new Set(trace.heads[0]?.fullyMaskedRows ?? []);
    compareGrid(trace.output, fx.expectedOutput, 'output', fullyMasked, acc);
    fx.expectedWeights?.forEach((w, h) => compareGrid(trace.heads[h].weights, w, `weights[${h}]`, fullyMasked, acc));
  } else {
    const trace = encoderLayer(
      fx.x,
      {
        attention,
        ffn: { w1: fx.linear1Weight, b1: fx.linear1Bias, w2: fx.linear2Weight, b2: fx.linear2Bias },
        norm1: { weight: fx.norm1Weight, bias: fx.norm1Bias, eps: fx.layerNormEps },
        norm2: { weight: fx.norm2Weight, bias: fx.norm2Bias, eps: fx.layerNormEps },
      },
      { normFirst: fx.normFirst, mask },
    );
    compareGrid(trace.output, fx.expectedOutput, 'output', new Set(trace.attention.heads[0]?.fullyMaskedRows ?? []), acc);
  }
}
