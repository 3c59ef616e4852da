/**
 * The language model (src/engine/run/causalLmModel.ts, a GPT-2 decoder) as an ONNX model (opset 17) for `tokens`
 * token ids, encoded by hand like onnxGraph.ts. Standard ops only; the weights are initializers (constants).
 *
 *   ids [L] int64 → h = Gather(wte, ids) + wpe[0..L−1]                                  [L, E]
 *   per block:  a = LayerNormalization(h);  q, k, v = a·Wᵀ + b → [H, L, D] (k: [H, D, L])
 *               h = h + (Softmax(q·k / √D + causal, axis −1)·v → [L, E])·W_oᵀ + b_o    (causal: 0 or −∞ above the diagonal)
 *               m = LayerNormalization(h);  u = m·W_fcᵀ + b_fc                          [L, F]
 *               h = h + GELU(u)·W_projᵀ + b_proj      GELU(u) = u · ½(1 + Erf(u / √2))  (or the tanh form for gelu_tanh)
 *   logits = LayerNormalization(h) · W_outᵀ                                             [L, V], W_out = wte when tied
 *
 * With `headGate` the graph takes a second input, head_gate [N, H] float (1 = head on, 0 = off): block i multiplies
 * its heads' outputs [H, L, D] by Reshape(Gather(head_gate, i), [H, 1, 1]) before the concatenation and W_o, which is
 * the engine's head ablation (a head's slice of concat is zero; b_o stays). One graph then serves every switch
 * state; without the option the graph is exactly the ungated one.
 *
 * This is the graph a PyTorch export of the same decoder gives (torch.onnx writes GELU as Div, Erf, Add, Mul, Mul),
 * so onnxruntime's graph optimizer may fuse it (Gelu, attention) just as it would for a user's exported model.
 */
import { transpose, type Matrix } from '../../src/engine/matrix';
import { outputEmbedding, type CausalLmWeights } from '../../src/engine/lm/causalLmWeights';
import { floatTensor, int64Tensor, modelProto, node, valueInfo } from './onnxGraph';
import { ProtoWriter } from './protobuf';

export const LM_INPUT = 'ids';
export const LM_OUTPUT = 'logits';
/** The optional second input: [N, H] float, one gate per head of each block (see the header). */
export const LM_HEAD_GATE = 'head_gate';

export interface LmOnnxOptions {
  /** Add the head_gate input (default false: the graph has only "ids"). */
  readonly headGate?: boolean;
}

/**
 * The serialized ModelProto of the decoder over `tokens` ids (at most nPositions). Input "ids" (and "head_gate"
 * with `headGate`), output "logits".
 */
export function buildLmOnnxModel(weights: CausalLmWeights, tokens: number, options: LmOnnxOptions = {}): Uint8Array {
  const headGate = options.headGate ?? false;
  const { embedDim: e, numHeads: h, vocabSize: v, layerNormEps: eps } = weights;
  if (!(tokens >= 1 && tokens <= weights.nPositions)) throw new Error(`lmOnnxGraph: ${tokens} tokens, the model takes 1–${weights.nPositions}`);
  const d = e / h;
  const graph = new ProtoWriter();
  const nodes: ProtoWriter[] = [];
  const init = (name: string, dims: readonly number[], data: Float32Array): string => {
    graph.message(5, floatTensor(name, dims, data));
    return name;
  };
  const inOut = (w: Matrix): Float32Array => transpose(w).data; // PyTorch out × in → in × out, for x · W
  const layerNorm = (x: string, gain: Float32Array, bias: Float32Array, prefix: string): string => {
    const out = `${prefix}_out`;
    nodes.push(node('LayerNormalization', [x, init(`${prefix}_g`, [e], gain), init(`${prefix}_b`, [e], bias)], out, [
      { name: 'axis', int: -1 },
      { name: 'epsilon', float: eps },
    ]));
    return out;
  };
  const linear = (x: string, w: Matrix, b: Float32Array | null, prefix: string): string => {
    nodes.push(node('MatMul', [x, init(`${prefix}_W`, [w.cols, w.rows], inOut(w))], b ? `${prefix}_mm` : prefix));
    if (!b) return prefix;
    nodes.push(node('Add', [`${prefix}_mm`, init(`${prefix}_b`, [w.rows], b)], prefix));
    return prefix;
  };

  // Constants shared by the blocks.
  graph.message(5, int64Tensor('shape_lhd', [tokens, h, d]));
  graph.message(5, int64Tensor('shape_le', [tokens, e]));
  init('sqrt_d', [], new Float32Array([Math.sqrt(d)]));
  const causal = new Float32Array(tokens * tokens);
  for (let q = 0; q < tokens; q++) for (let k = q + 1; k < tokens; k++) causal[q * tokens + k] = -Infinity;
  init('causal', [tokens, tokens], causal);
  init('one', [], new Float32Array([1]));
  init('half', [], new Float32Array([0.5]));
  if (headGate) graph.message(5, int64Tensor('shape_h11', [h, 1, 1]));
  if (weights.activation === 'gelu') init('sqrt2', [], new Float32Array([Math.SQRT2]));
  else {
    init('sqrt_2_over_pi', [], new Float32Array([Math.sqrt(2 / Math.PI)]));
    init('c044715', [], new Float32Array([0.044715]));
  }

  // h₀ = wte[ids] + wpe[0..L−1]
  init('wte', [v, e], weights.wte.data);
  init('wpe_l', [tokens, e], weights.wpe.data.subarray(0, tokens * e));
  nodes.push(node('Gather', ['wte', LM_INPUT], 'tok', [{ name: 'axis', int: 0 }]));
  nodes.push(node('Add', ['tok', 'wpe_l'], 'h0'));
  let hidden = 'h0';

  weights.layers.forEach((block, i) => {
    const p = `l${i}`;
    const { attention: mha } = block;
    const a = layerNorm(hidden, block.ln1.weight, block.ln1.bias, `${p}_ln1`);
    for (const [name, w, b] of [['q', mha.wQ, mha.bQ], ['k', mha.wK, mha.bK], ['v', mha.wV, mha.bV]] as const) {
      const projected = linear(a, w, b, `${p}_${name}`);
      nodes.push(node('Reshape', [projected, 'shape_lhd'], `${p}_${name}_lhd`)); // [L, H, D]
      nodes.push(node('Transpose', [`${p}_${name}_lhd`], `${p}_${name}h`, [{ name: 'perm', ints: name === 'k' ? [1, 2, 0] : [1, 0, 2] }]));
    }
    nodes.push(node('MatMul', [`${p}_qh`, `${p}_kh`], `${p}_scores`)); // [H, L, L]
    nodes.push(node('Div', [`${p}_scores`, 'sqrt_d'], `${p}_scaled`));
    nodes.push(node('Add', [`${p}_scaled`, 'causal'], `${p}_masked`));
    nodes.push(node('Softmax', [`${p}_masked`], `${p}_weights`, [{ name: 'axis', int: -1 }]));
    nodes.push(node('MatMul', [`${p}_weights`, `${p}_vh`], `${p}_heads`)); // [H, L, D]
    let heads = `${p}_heads`;
    if (headGate) {
      graph.message(5, int64Tensor(`${p}_index`, [i])); // [1]
      nodes.push(node('Gather', [LM_HEAD_GATE, `${p}_index`], `${p}_gate_row`, [{ name: 'axis', int: 0 }])); // [1, H]
      nodes.push(node('Reshape', [`${p}_gate_row`, 'shape_h11'], `${p}_gate`)); // [H, 1, 1]
      nodes.push(node('Mul', [heads, `${p}_gate`], `${p}_heads_gated`)); // [H, L, D], a head off is all zeros
      heads = `${p}_heads_gated`;
    }
    nodes.push(node('Transpose', [heads], `${p}_heads_t`, [{ name: 'perm', ints: [1, 0, 2] }])); // [L, H, D]
    nodes.push(node('Reshape', [`${p}_heads_t`, 'shape_le'], `${p}_concat`)); // [L, E]
    const attended = linear(`${p}_concat`, mha.wO, mha.bO, `${p}_o`);
    nodes.push(node('Add', [hidden, attended], `${p}_h1`));

    const m = layerNorm(`${p}_h1`, block.ln2.weight, block.ln2.bias, `${p}_ln2`);
    const u = linear(m, block.fc.weight, block.fc.bias, `${p}_fc`); // [L, F]
    if (weights.activation === 'gelu') {
      nodes.push(node('Div', [u, 'sqrt2'], `${p}_g_div`));
      nodes.push(node('Erf', [`${p}_g_div`], `${p}_g_erf`));
      nodes.push(node('Add', [`${p}_g_erf`, 'one'], `${p}_g_add`));
      nodes.push(node('Mul', [u, `${p}_g_add`], `${p}_g_mul`));
      nodes.push(node('Mul', [`${p}_g_mul`, 'half'], `${p}_gelu`));
    } else {
      nodes.push(node('Mul', [u, u], `${p}_g_u2`));
      nodes.push(node('Mul', [`${p}_g_u2`, u], `${p}_g_u3`));
      nodes.push(node('Mul', [`${p}_g_u3`, 'c044715'], `${p}_g_cub`));
      nodes.push(node('Add', [u, `${p}_g_cub`], `${p}_g_inner`));
      nodes.push(node('Mul', [`${p}_g_inner`, 'sqrt_2_over_pi'], `${p}_g_arg`));
      nodes.push(node('Tanh', [`${p}_g_arg`], `${p}_g_tanh`));
      nodes.push(node('Add', [`${p}_g_tanh`, 'one'], `${p}_g_add`));
      nodes.push(node('Mul', [u, `${p}_g_add`], `${p}_g_mul`));
      nodes.push(node('Mul', [`${p}_g_mul`, 'half'], `${p}_gelu`));
    }
    const projected = linear(`${p}_gelu`, block.proj.weight, block.proj.bias, `${p}_proj`); // [L, E]
    nodes.push(node('Add', [`${p}_h1`, projected], `${p}_h2`));
    hidden = `${p}_h2`;
  });

  const final = layerNorm(hidden, weights.lnf.weight, weights.lnf.bias, 'lnf');
  linear(final, outputEmbedding(weights), null, LM_OUTPUT); // wteᵀ as its own [E, V] constant, as an export writes it

  for (const n of nodes) graph.message(1, n);
  graph.string(2, 'causal_lm');
  graph.message(11, valueInfo(LM_INPUT, [tokens], 'int64'));
  if (headGate) graph.message(11, valueInfo(LM_HEAD_GATE, [weights.numLayers, h]));
  graph.message(12, valueInfo(LM_OUTPUT, [tokens, v]));
  return modelProto(graph);
}
