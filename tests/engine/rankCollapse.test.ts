// @vitest-environment node
import { add, encoderStack, multiHeadAttention, randomEncoderLayer, randomMhaParams, type Matrix } from '../../src/engine';
import { randomMatrix, residualToMeanRatio, seeded } from './support';

// Rank collapse (Dong et al., 2021): attention averages tokens, so stacking it without skip connections
// drives every token row towards the same vector; the residual keeps the rows apart.
// Measure: ‖X − 1·mean(X)‖_F / ‖X‖_F, which is 0 when all rows are equal.
// Setting: 8 tokens, E = 16, 4 heads, 6 layers. Checked over 200 seeds: the collapsed runs end at ~0 and the
// residual runs at ≥ 0.2, so the ×10 margin and the 0.1 floor below are far from the edge.

const seeds = [1, 2, 3, 4, 5];
const depth = 6;

describe('rank collapse demo', () => {
  it.each(seeds)('attention alone collapses the tokens, x + attention(x) does not (seed %i)', (seed) => {
    const random = seeded(seed);
    const params = Array.from({ length: depth }, () => randomMhaParams(16, 4, random));
    const x = randomMatrix(8, 16, random);
    let plain: Matrix = x;
    let residual: Matrix = x;
    for (const p of params) {
      plain = multiHeadAttention(plain, p).output;
      residual = add(residual, multiHeadAttention(residual, p).output);
    }
    const before = residualToMeanRatio(x);
    expect(residualToMeanRatio(plain)).toBeLessThan(before / 100);
    expect(residualToMeanRatio(residual)).toBeGreaterThan(10 * residualToMeanRatio(plain));
    expect(residualToMeanRatio(residual)).toBeGreaterThan(0.1);
  });

  it.each(seeds)('the encoder stack with residual off collapses; with it on the tokens stay distinct (seed %i)', (seed) => {
    const random = seeded(seed);
    const layers = Array.from({ length: depth }, () => randomEncoderLayer(16, 4, 64, random));
    const x = randomMatrix(8, 16, random);
    const on = residualToMeanRatio(encoderStack(x, layers, { residual: true }).at(-1)!.output);
    const off = residualToMeanRatio(encoderStack(x, layers, { residual: false }).at(-1)!.output);
    expect(off).toBeLessThan(on / 10);
    expect(on).toBeGreaterThan(0.1);
  });

  it('collapse deepens layer by layer without the residual', () => {
    const random = seeded(42);
    const x = randomMatrix(8, 16, random);
    const ratios: number[] = [];
    let current = x;
    for (let l = 0; l < 3; l++) {
      current = multiHeadAttention(current, randomMhaParams(16, 4, random)).output;
      ratios.push(residualToMeanRatio(current));
    }
    expect(ratios[1]).toBeLessThan(ratios[0]);
    expect(ratios[2]).toBeLessThanOrEqual(ratios[1]);
  });
});
