// @vitest-environment node
import { EngineError, mulberry32 } from '../../../src/engine';
import { refusalOf, type ModelFileProblem } from '../../../src/engine/train/modelFileProblem';
import { base64ToBytes, bytesToBase64, decodeWeightsFile, encodeWeightsFile, expectedTensorShapes } from '../../../src/engine/train/weightsFile';
import type { NamedTensor, TinyModelConfig, TrainSettings, WeightsFile } from '../../../src/engine/train/types';

const config: TinyModelConfig = { task: 'sort', vocab: 10, seqLen: 16, layers: 2, heads: 2, width: 8, ffnWidth: 12, causal: false };
const settings: TrainSettings = { learningRate: 0.01, warmupSteps: 10, batchSize: 64, clipNorm: 1, seed: 7 };

/** Random tensors of the right shapes, including values float32 must keep bit for bit (tiny, huge, negative zero). */
function randomTensors(): Map<string, NamedTensor> {
  const random = mulberry32(5);
  const tensors = new Map<string, NamedTensor>();
  for (const [name, shape] of expectedTensorShapes(config)) {
    const data = new Float32Array(shape.reduce((a, b) => a * b, 1));
    for (let i = 0; i < data.length; i++) data[i] = (random() - 0.5) * 10 ** Math.floor(random() * 8 - 4);
    tensors.set(name, { shape, data });
  }
  const embedding = tensors.get('embedding')!.data;
  embedding.set([-0, 1e-45, 3.4e38, -1.17549435e-38]);
  return tensors;
}

function encoded(): WeightsFile {
  return encodeWeightsFile({ config, settings, step: 321, heldOutAccuracy: 0.995, tensors: randomTensors() });
}

/** A deep copy as parsed JSON, so each test can break one thing. */
function asJson(file: WeightsFile): Record<string, unknown> & { tensors: Record<string, { shape: number[]; data: string }>; config: Record<string, unknown> } {
  return JSON.parse(JSON.stringify(file));
}

function rejection(json: unknown): string {
  try {
    decodeWeightsFile(json);
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('invalid-argument');
    return (error as EngineError).message;
  }
  throw new Error('the file was accepted');
}

/** base64 of float32 values, written independently of the module (Node's Buffer is fine in a test). */
function base64Of(values: number[]): string {
  return Buffer.from(new Float32Array(values).buffer).toString('base64');
}

describe('expectedTensorShapes', () => {
  it('names every tensor of types.ts with PyTorch [out × in] shapes', () => {
    const shapes = expectedTensorShapes(config);
    expect(shapes.size).toBe(1 + 12 * 2 + 2);
    expect(shapes.get('embedding')).toEqual([10, 8]);
    expect(shapes.get('layers.1.attn.in_proj_weight')).toEqual([24, 8]);
    expect(shapes.get('layers.1.attn.in_proj_bias')).toEqual([24]);
    expect(shapes.get('layers.0.attn.out_proj.weight')).toEqual([8, 8]);
    expect(shapes.get('layers.0.ffn.linear1.weight')).toEqual([12, 8]);
    expect(shapes.get('layers.0.ffn.linear2.weight')).toEqual([8, 12]);
    expect(shapes.get('layers.0.norm2.bias')).toEqual([8]);
    expect(shapes.get('classifier.weight')).toEqual([10, 8]);
    expect(shapes.get('classifier.bias')).toEqual([10]);
    expect(shapes.has('layers.2.norm1.weight')).toBe(false);
  });
});

describe('weights file', () => {
  it('round-trips every float32 exactly, and the header', () => {
    const tensors = randomTensors();
    const file = encodeWeightsFile({ config, settings, step: 321, heldOutAccuracy: 0.995, tensors });
    const decoded = decodeWeightsFile(JSON.parse(JSON.stringify(file)));
    expect(decoded.config).toEqual(config);
    expect(decoded.settings).toEqual(settings);
    expect(decoded.step).toBe(321);
    expect(decoded.heldOutAccuracy).toBe(0.995);
    expect([...decoded.tensors.keys()]).toEqual([...tensors.keys()]);
    for (const [name, tensor] of tensors) {
      const back = decoded.tensors.get(name)!;
      expect(back.shape).toEqual(tensor.shape);
      expect(new Uint32Array(back.data.buffer)).toEqual(new Uint32Array(tensor.data.buffer));
    }
    expect(Object.is(decoded.tensors.get('embedding')!.data[0], -0)).toBe(true);
  });

  it('stores little-endian float32 in standard base64 (what any other reader expects)', () => {
    const file = encoded();
    const embedding = randomTensors().get('embedding')!.data;
    expect(file.tensors.embedding.data).toBe(Buffer.from(embedding.buffer).toString('base64'));
    expect(bytesToBase64(Uint8Array.from([0, 0, 128, 63]))).toBe('AACAPw=='); // 1.0f
  });

  it('base64 of every length decodes to the same bytes; malformed text is refused', () => {
    for (let n = 0; n < 9; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) & 255);
      const text = bytesToBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(base64ToBytes(text)).toEqual(bytes);
    }
    for (const bad of ['AAA', 'AA=A', 'A===', 'AA AA', 'AAé=']) expect(base64ToBytes(bad)).toBeNull();
  });

  it('accepts the tensors as a plain record too', () => {
    const record = Object.fromEntries(randomTensors());
    expect(encodeWeightsFile({ config, settings, step: 1, heldOutAccuracy: 0.5, tensors: record }).tensors).toEqual(encoded().tensors);
  });

  const malformations: [string, (json: ReturnType<typeof asJson>) => unknown, RegExp][] = [
    ['not an object', () => 'weights', /must be a JSON object/],
    ['another format', (j) => ({ ...j, format: 'onnx' }), /not an Attention Lab weights file.*"onnx"/],
    ['a newer version', (j) => ({ ...j, version: 2 }), /version 2; only version 1/],
    ['an unknown task', (j) => ({ ...j, config: { ...j.config, task: 'shuffle' } }), /config\.task must be one of reversal, copy, sort, induction/],
    ['fractional layers', (j) => ({ ...j, config: { ...j.config, layers: 1.5 } }), /config\.layers must be a whole number/],
    ['width 0', (j) => ({ ...j, config: { ...j.config, width: 0 } }), /config\.width must be a whole number from 1/],
    ['heads that do not divide the width', (j) => ({ ...j, config: { ...j.config, heads: 3 } }), /width 8 cannot be split evenly into 3 heads/],
    ['causal not a boolean', (j) => ({ ...j, config: { ...j.config, causal: 'yes' } }), /config\.causal must be true or false/],
    ['a negative learning rate', (j) => ({ ...j, settings: { ...settings, learningRate: -1 } }), /settings\.learningRate/],
    ['accuracy above 1', (j) => ({ ...j, heldOutAccuracy: 1.5 }), /heldOutAccuracy must be a number from 0 to 1/],
    ['a missing step', (j) => ({ ...j, step: undefined }), /^step is missing; it must be a whole number at least 0\.$/],
    ['a missing tensor', (j) => { delete j.tensors['layers.1.norm2.bias']; return j; }, /no tensor named layers\.1\.norm2\.bias/],
    ['an extra tensor', (j) => { j.tensors['layers.2.norm1.weight'] = j.tensors['layers.1.norm1.weight']; return j; }, /tensor named layers\.2\.norm1\.weight, which this model does not use/],
    ['a wrong shape', (j) => { j.tensors['classifier.weight'].shape = [8, 10]; return j; }, /classifier\.weight has shape \[8 × 10\] but \[10 × 8\] was expected/],
    ['one value short', (j) => { j.tensors['layers.0.norm1.weight'].data = base64Of(new Array(7).fill(1)); return j; }, /^layers\.0\.norm1\.weight has 7 values but 8 were expected\.$/],
    ['bytes that are not whole float32s', (j) => { j.tensors['layers.0.norm1.bias'].data = 'AAAAAAA='; return j; }, /layers\.0\.norm1\.bias\.data is 5 bytes/],
    ['data that is not base64', (j) => { j.tensors.embedding.data = '!!!!'; return j; }, /embedding\.data is not valid base64/],
    ['a NaN', (j) => { j.tensors['layers.0.norm2.weight'].data = base64Of([1, 1, 1, Number.NaN, 1, 1, 1, 1]); return j; }, /layers\.0\.norm2\.weight holds a value that is not a finite number \(NaN at index 3\)/],
    ['an infinity', (j) => { j.tensors['classifier.bias'].data = base64Of([0, 0, 0, 0, 0, 0, 0, 0, 0, Infinity]); return j; }, /classifier\.bias .*Infinity at index 9/],
    ['no tensors', (j) => ({ ...j, tensors: null }), /^tensors must be an object with one entry per tensor, but it is null\.$/],
  ];

  for (const [label, breakIt, message] of malformations) {
    it(`refuses a file with ${label}`, () => {
      expect(rejection(breakIt(asJson(encoded())))).toMatch(message);
    });
  }

  it('the untouched file is accepted (so the refusals above are about the one thing broken)', () => {
    expect(() => decodeWeightsFile(asJson(encoded()))).not.toThrow();
  });

  it('refuses to encode tensors that do not fit the config', () => {
    const tensors = randomTensors();
    tensors.set('layers.0.norm1.weight', { shape: [8], data: new Float32Array(7) });
    expect(() => encodeWeightsFile({ config, settings, step: 0, heldOutAccuracy: 0, tensors })).toThrow(/layers\.0\.norm1\.weight has 7 values but 8/);
    tensors.delete('layers.0.norm1.weight');
    expect(() => encodeWeightsFile({ config, settings, step: 0, heldOutAccuracy: 0, tensors })).toThrow(/no tensor named layers\.0\.norm1\.weight/);
  });
});

describe('every refusal names its problem as data, with the values from the file cut short', () => {
  function problem(json: unknown): ModelFileProblem | undefined {
    try {
      decodeWeightsFile(json);
    } catch (error) {
      return refusalOf(error)?.problem;
    }
    throw new Error('the file was accepted');
  }
  const long = 'x'.repeat(1_000_000);
  const cut = `"${'x'.repeat(37)}…"`;

  const cases: [string, (json: ReturnType<typeof asJson>) => unknown, ModelFileProblem][] = [
    ['not an object', () => [1, 2], { reason: 'not-object', params: { value: '[…]' } }],
    ['no format', (j) => ({ ...j, format: undefined }), { reason: 'no-format', params: {} }],
    ['a format of a million characters', (j) => ({ ...j, format: long }), { reason: 'format', params: { value: cut, expected: 'attention-lab-tiny-transformer' } }],
    ['a newer version', (j) => ({ ...j, version: 2 }), { reason: 'version', params: { value: '2', expected: 1 } }],
    ['no config', (j) => ({ ...j, config: undefined }), { reason: 'field-missing', params: { field: 'config' } }],
    ['a config that is a list', (j) => ({ ...j, config: [[[]]] }), { reason: 'field-object', params: { field: 'config', value: '[…]' } }],
    ['an unknown task', (j) => ({ ...j, config: { ...j.config, task: long } }), { reason: 'task', params: { field: 'config.task', tasks: 'reversal, copy, sort, induction', value: cut } }],
    ['sequence 5,000', (j) => ({ ...j, config: { ...j.config, seqLen: 5000 } }), { reason: 'field-whole', params: { field: 'config.seqLen', range: '1–1024', value: '5000' } }],
    ['an induction model of one token', (j) => ({ ...j, config: { ...j.config, task: 'induction', seqLen: 1 } }), { reason: 'field-whole', params: { field: 'config.seqLen', range: '2–1024', value: '1' } }],
    ['layers as text', (j) => ({ ...j, config: { ...j.config, layers: long } }), { reason: 'field-whole', params: { field: 'config.layers', range: '1–16', value: cut } }],
    ['heads that do not divide the width', (j) => ({ ...j, config: { ...j.config, heads: 3 } }), { reason: 'divide', params: { width: 8, heads: 3 } }],
    ['causal as text', (j) => ({ ...j, config: { ...j.config, causal: 'yes' } }), { reason: 'field-boolean', params: { field: 'config.causal', value: '"yes"' } }],
    ['a negative learning rate', (j) => ({ ...j, settings: { ...settings, learningRate: -1 } }), { reason: 'field-number', params: { field: 'settings.learningRate', range: '≥ 0', value: '-1' } }],
    ['a batch of 16,384', (j) => ({ ...j, settings: { ...settings, batchSize: 16384 } }), { reason: 'field-whole', params: { field: 'settings.batchSize', range: '1–1024', value: '16384' } }],
    ['accuracy above 1', (j) => ({ ...j, heldOutAccuracy: 1.5 }), { reason: 'field-number', params: { field: 'heldOutAccuracy', range: '0–1', value: '1.5' } }],
    ['a missing tensor', (j) => { delete j.tensors['layers.1.norm2.bias']; return j; }, { reason: 'missing-tensor', params: { tensor: 'layers.1.norm2.bias' } }],
    ['an extra tensor with a long name', (j) => { j.tensors[long] = j.tensors.embedding; return j; }, { reason: 'extra-tensor', params: { tensor: `${'x'.repeat(39)}…` } }],
    ['a tensor that is not an object', (j) => ({ ...j, tensors: { ...j.tensors, embedding: 'AAAA' } }), { reason: 'field-object', params: { field: 'embedding', value: '"AAAA"' } }],
    ['a shape of a million sizes', (j) => { j.tensors['classifier.bias'].shape = new Array<number>(1_000_000).fill(10); return j; }, { reason: 'shape', params: { tensor: 'classifier.bias', shape: `[${'10 × '.repeat(7)}10 …`, expected: '[10]' } }],
    ['a shape that is text', (j) => { (j.tensors['classifier.bias'] as { shape: unknown }).shape = '10'; return j; }, { reason: 'shape', params: { tensor: 'classifier.bias', shape: '"10"', expected: '[10]' } }],
    ['data that is a number', (j) => { (j.tensors.embedding as { data: unknown }).data = 5; return j; }, { reason: 'base64', params: { tensor: 'embedding' } }],
    ['bytes that are not whole float32s', (j) => { j.tensors['layers.0.norm1.bias'].data = 'AAAAAAA='; return j; }, { reason: 'byte-count', params: { tensor: 'layers.0.norm1.bias', bytes: 5 } }],
    ['one value short', (j) => { j.tensors['layers.0.norm1.weight'].data = base64Of(new Array(7).fill(1)); return j; }, { reason: 'count', params: { tensor: 'layers.0.norm1.weight', count: 7, expected: 8 } }],
    ['an infinity', (j) => { j.tensors['classifier.bias'].data = base64Of([0, 0, 0, 0, 0, 0, 0, 0, 0, -Infinity]); return j; }, { reason: 'not-finite', params: { tensor: 'classifier.bias', value: '-Infinity', index: 9 } }],
  ];

  for (const [label, breakIt, expected] of cases) {
    it(`${label}: ${expected.reason}`, () => {
      expect(problem(breakIt(asJson(encoded())))).toEqual(expected);
    });
  }

  it('no refusal message is longer than a couple of lines, whatever the file holds', () => {
    for (const [, breakIt] of cases) {
      let message = '';
      try {
        decodeWeightsFile(breakIt(asJson(encoded())));
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message.length).toBeGreaterThan(10);
      expect(message.length).toBeLessThan(200);
    }
  });
});
