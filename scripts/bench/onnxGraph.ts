/**
 * The benchmark's multi-head self-attention as an ONNX model (opset 17), encoded by hand with protobuf.ts.
 * Only standard ops: MatMul, Add, Reshape, Transpose, Div, Softmax. The weights are initializers (constants),
 * so onnxruntime may pre-pack them once, just as our engine prepares its weights once.
 *
 *   x [L, E] → q, k, v = x·Wᵀ + b         [L, E] each
 *   q → [L, H, D] → [H, L, D];  k → [L, H, D] → [H, D, L];  v → [H, L, D]
 *   weights = Softmax(q·k / √D, axis 2)   [H, L, L]
 *   heads = weights·v → [L, H, D] → [L, E];  y = heads·W_oᵀ + b_o   [L, E]
 */
import { transpose, type Matrix } from '../../src/engine/matrix';
import type { MhaParams } from '../../src/engine/multiHead';
import { ProtoWriter } from './protobuf';

// onnx.proto enum values
const FLOAT = 1; // TensorProto.DataType
const INT64 = 7;
const ATTR_FLOAT = 1; // AttributeProto.AttributeType
const ATTR_INT = 2;
const ATTR_INTS = 7;

export function floatTensor(name: string, dims: readonly number[], data: Float32Array): ProtoWriter {
  const raw = new Uint8Array(data.slice().buffer); // little-endian float32, as raw_data requires
  return new ProtoWriter().packedInts(1, dims).int(2, FLOAT).string(8, name).bytesField(9, raw);
}

export function int64Tensor(name: string, values: readonly number[]): ProtoWriter {
  const raw = new Uint8Array(new BigInt64Array(values.map((v) => BigInt(v))).buffer);
  return new ProtoWriter().packedInts(1, [values.length]).int(2, INT64).string(8, name).bytesField(9, raw);
}

/** A graph input or output: its name, element type (float32 unless said) and fixed shape. */
export function valueInfo(name: string, dims: readonly number[], elemType: 'float32' | 'int64' = 'float32'): ProtoWriter {
  const shape = new ProtoWriter();
  for (const d of dims) shape.message(1, new ProtoWriter().int(1, d));
  const tensorType = new ProtoWriter().int(1, elemType === 'int64' ? INT64 : FLOAT).message(2, shape);
  return new ProtoWriter().string(1, name).message(2, new ProtoWriter().message(1, tensorType));
}

export type Attribute = { name: string; int: number } | { name: string; ints: readonly number[] } | { name: string; float: number };

export function node(op: string, inputs: readonly string[], output: string, attributes: readonly Attribute[] = []): ProtoWriter {
  const w = new ProtoWriter();
  for (const i of inputs) w.string(1, i);
  w.string(2, output).string(3, output).string(4, op);
  for (const a of attributes) {
    const attr = new ProtoWriter().string(1, a.name);
    if ('int' in a) attr.int(3, a.int).int(20, ATTR_INT);
    else if ('float' in a) attr.float(2, a.float).int(20, ATTR_FLOAT);
    else attr.packedInts(8, a.ints).int(20, ATTR_INTS);
    w.message(5, attr);
  }
  return w;
}

/** The serialized ModelProto for self-attention over `tokens` tokens with these weights. Input "x", output "y". */
export function buildMhaOnnxModel(params: MhaParams, tokens: number): Uint8Array {
  const e = params.embedDim;
  const h = params.numHeads;
  const d = e / h;
  const inOut = (w: Matrix): Float32Array => transpose(w).data; // PyTorch out×in → in×out for x·W
  const graph = new ProtoWriter();
  const nodes: ProtoWriter[] = [];
  for (const [p, w, b] of [['q', params.wQ, params.bQ], ['k', params.wK, params.bK], ['v', params.wV, params.bV]] as const) {
    graph.message(5, floatTensor(`W${p}`, [e, e], inOut(w)));
    graph.message(5, floatTensor(`b${p}`, [e], b));
    nodes.push(node('MatMul', ['x', `W${p}`], `${p}0`));
    nodes.push(node('Add', [`${p}0`, `b${p}`], `${p}1`));
    nodes.push(node('Reshape', [`${p}1`, 'shape_lhd'], `${p}2`)); // [L, H, D]
    nodes.push(node('Transpose', [`${p}2`], `${p}h`, [{ name: 'perm', ints: p === 'k' ? [1, 2, 0] : [1, 0, 2] }]));
  }
  graph.message(5, floatTensor('Wo', [e, e], inOut(params.wO)));
  graph.message(5, floatTensor('bo', [e], params.bO));
  graph.message(5, int64Tensor('shape_lhd', [tokens, h, d]));
  graph.message(5, int64Tensor('shape_le', [tokens, e]));
  graph.message(5, floatTensor('sqrt_d', [], new Float32Array([Math.sqrt(d)])));
  nodes.push(node('MatMul', ['qh', 'kh'], 'scores')); // [H, L, L]
  nodes.push(node('Div', ['scores', 'sqrt_d'], 'scaled'));
  nodes.push(node('Softmax', ['scaled'], 'weights', [{ name: 'axis', int: 2 }]));
  nodes.push(node('MatMul', ['weights', 'vh'], 'heads')); // [H, L, D]
  nodes.push(node('Transpose', ['heads'], 'heads_t', [{ name: 'perm', ints: [1, 0, 2] }])); // [L, H, D]
  nodes.push(node('Reshape', ['heads_t', 'shape_le'], 'concat')); // [L, E]
  nodes.push(node('MatMul', ['concat', 'Wo'], 'y0'));
  nodes.push(node('Add', ['y0', 'bo'], 'y'));
  for (const n of nodes) graph.message(1, n);
  graph.string(2, 'mha');
  graph.message(11, valueInfo('x', [tokens, e]));
  graph.message(12, valueInfo('y', [tokens, e]));
  return modelProto(graph);
}

/** A ModelProto around a finished GraphProto: ir_version 8, the default domain at opset 17. */
export function modelProto(graph: ProtoWriter): Uint8Array {
  return new ProtoWriter()
    .int(1, 8) // ir_version 8 (ONNX 1.10+), which opset 17 needs at least
    .string(2, 'attention-lab-bench')
    .message(7, graph)
    .message(8, new ProtoWriter().string(1, '').int(2, 17))
    .finish();
}
