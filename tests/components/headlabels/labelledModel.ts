// A small trained-model stand-in for the head-label views: the golden fixture causal_lm_gelu_tanh_untied.json
// (2 layers × 4 heads, width 16, context 12) with a tokenizer, and layer 1's first two heads set by hand so that the
// labels have something to show: head 1 attends to the start token (a flag in embedding dim 0 that only the start
// token has), head 2 to the previous position (positions on a circle in dims 1–2, keys turned back one step).
import { CausalLmModel, buildVocabulary, createLmTokenizer, fromRows, mulberry32, type CausalLmWeights, type LmModelHeader, type Matrix } from '../../../src/engine';
import { loadLmFixture } from '../../engine/lm/causalLmSupport';

const STEP = Math.PI / 8;

function withRows(m: Matrix, rows: Record<number, number[]>): Matrix {
  const data = Float32Array.from(m.data);
  for (const [r, values] of Object.entries(rows)) data.set(values, Number(r) * m.cols);
  return { rows: m.rows, cols: m.cols, data };
}

export function labelledModel(): CausalLmModel {
  const tokenizer = createLmTokenizer(buildVocabulary(['the cat sat on the mat. the cat sat.', '我爱北京。我爱学习。'], { size: 300 }));
  const base = loadLmFixture('causal_lm_gelu_tanh_untied.json').weights;
  const e = base.embedDim;
  const random = mulberry32(7);
  const wte = fromRows(
    Array.from({ length: tokenizer.size }, (_, v) =>
      Array.from({ length: e }, (_, d) => (d === 0 ? (v === tokenizer.endOfText ? 6 : 0) : d < 3 ? 0 : random() - 0.5)),
    ),
  );
  const wpe = fromRows(Array.from({ length: base.nPositions }, (_, i) => Array.from({ length: e }, (_, d) => (d === 1 ? 4 * Math.cos(i * STEP) : d === 2 ? 4 * Math.sin(i * STEP) : 0))));
  const lmHead = fromRows(Array.from({ length: tokenizer.size }, () => Array.from({ length: e }, () => random() - 0.5)));
  const zero = new Array<number>(e).fill(0);
  const only = (d: number, x: number): number[] => zero.map((_, k) => (k === d ? x : 0));
  const [first, ...rest] = base.layers;
  const attention = first.attention;
  const c = Math.cos(STEP);
  const s = Math.sin(STEP);
  const block = {
    ...first,
    ln1: { ...first.ln1, weight: new Float32Array(e).fill(1), bias: new Float32Array(e) },
    attention: {
      ...attention,
      // Head 1 (dims 0–3): a constant query against key dim 0, the start token's flag.
      // Head 2 (dims 4–7): query = position vector, key = position vector turned forward one step.
      wQ: withRows(attention.wQ, { 0: zero, 1: zero, 2: zero, 3: zero, 4: only(1, 30), 5: only(2, 30), 6: zero, 7: zero }),
      wK: withRows(attention.wK, { 0: only(0, 1), 1: zero, 2: zero, 3: zero, 4: zero.map((_, k) => (k === 1 ? c : k === 2 ? -s : 0)), 5: zero.map((_, k) => (k === 1 ? s : k === 2 ? c : 0)), 6: zero, 7: zero }),
      bQ: Float32Array.from(attention.bQ, (b, d) => (d === 0 ? 8 : d < 8 ? 0 : b)),
      bK: Float32Array.from(attention.bK, (b, d) => (d < 8 ? 0 : b)),
    },
  };
  const weights: CausalLmWeights = { ...base, vocabSize: tokenizer.size, wte, wpe, lmHead, layers: [block, ...rest] };
  return new CausalLmModel(weights, { tokenizer });
}

/** What lmModelStore holds once a file is loaded; the views read only `model`. */
export function labelledTrained(model: CausalLmModel = labelledModel()): { model: CausalLmModel; header: LmModelHeader } {
  return { model, header: { format: 'test', version: 1 } as unknown as LmModelHeader };
}
