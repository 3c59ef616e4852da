// @vitest-environment node
import { EngineError } from '../../../src/engine';
import { MODEL_FILE_REASONS, parseModelFileProblem, QUOTE_MAX, quoteText, quoteValue, refusal, refusalOf } from '../../../src/engine/train/modelFileProblem';

describe('quoting a value of the file', () => {
  it('shows any JSON value in at most QUOTE_MAX characters, a cut one ending in an ellipsis', () => {
    expect(quoteValue('onnx')).toBe('"onnx"');
    const long = quoteValue('a'.repeat(1_000_000));
    expect(long).toBe(`"${'a'.repeat(QUOTE_MAX - 3)}…"`);
    expect(Array.from(long)).toHaveLength(QUOTE_MAX);
    expect(quoteValue(2)).toBe('2');
    expect(quoteValue(-1.5e300)).toBe('-1.5e+300');
    expect(quoteValue(true)).toBe('true');
    expect(quoteValue(null)).toBe('null');
    expect(quoteValue(undefined)).toBe('undefined');
  });

  it('never walks a list or an object (a deep or huge one costs nothing)', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(quoteValue(deep)).toBe('[…]');
    expect(quoteValue({ a: deep })).toBe('{…}');
  });

  it('turns control characters and direction overrides into spaces', () => {
    expect(quoteValue('a\nb\u202Ec')).toBe('"a b c"');
    expect(quoteText(`x${'\u0000'.repeat(10)}y`)).toBe('x          y');
    expect(Array.from(quoteText('名'.repeat(500)))).toHaveLength(QUOTE_MAX);
  });
});

describe('a refusal as data', () => {
  it('travels in the EngineError details and comes back as { reason, params }', () => {
    const error = refusal({ reason: 'count', params: { tensor: 'embedding', count: 7, expected: 8 } }, 'embedding has 7 values but 8 were expected.');
    expect(error).toBeInstanceOf(EngineError);
    expect(error.code).toBe('invalid-argument');
    expect(refusalOf(error)).toEqual({
      problem: { reason: 'count', params: { tensor: 'embedding', count: 7, expected: 8 } },
      message: 'embedding has 7 values but 8 were expected.',
    });
    expect(refusalOf(new EngineError('invalid-argument', 'Other.'))).toBeNull();
    expect(refusalOf(new Error('Other.'))).toBeNull();
  });

  it('parseModelFileProblem accepts a known reason with exactly its parameters and refuses anything else', () => {
    expect(parseModelFileProblem({ reason: 'not-json', params: {} })).toEqual({ reason: 'not-json', params: {} });
    expect(parseModelFileProblem({ reason: 'divide', params: { width: 8, heads: 3, extra: 'dropped' } })).toEqual({ reason: 'divide', params: { width: 8, heads: 3 } });
    for (const bad of [
      null,
      'not-json',
      { reason: 'nope', params: {} },
      { reason: 'toString', params: {} },
      { reason: 'divide', params: { width: 8 } },
      { reason: 'divide', params: { width: '8', heads: 3 } },
      { reason: 'divide', params: { width: Number.NaN, heads: 3 } },
      { reason: 'format', params: { value: 'a'.repeat(10_000), expected: 'x' } },
      { reason: 'not-json', params: [] },
    ]) {
      expect(parseModelFileProblem(bad)).toBeNull();
    }
  });

  it('lists every reason once', () => {
    expect(new Set(MODEL_FILE_REASONS).size).toBe(MODEL_FILE_REASONS.length);
    expect(MODEL_FILE_REASONS).toEqual(expect.arrayContaining(['too-large', 'not-json', 'too-deep', 'format', 'memory', 'other-task']));
  });
});
