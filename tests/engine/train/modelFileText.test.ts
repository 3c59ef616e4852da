// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EngineError } from '../../../src/engine';
import { refusalOf, type ModelFileProblem } from '../../../src/engine/train/modelFileProblem';
import { MAX_MODEL_FILE_BYTES, MAX_MODEL_FILE_DEPTH, nestingDepth, parseModelFileText, readModelFile, sizeRefusal } from '../../../src/engine/train/modelFileText';

const reversalText = readFileSync(path.resolve(__dirname, '../../../public/models/reversal.json'), 'utf8');

/** The file the issue found: its config nested `depth` lists deep. */
const deepConfig = (depth: number): string =>
  `{"format":"attention-lab-tiny-transformer","version":1,"config":${'['.repeat(depth)}${']'.repeat(depth)}}`;

function problemOf(read: () => unknown): ModelFileProblem {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    const refused = refusalOf(error);
    expect(refused).not.toBeNull();
    return refused!.problem;
  }
  throw new Error('the text was accepted');
}

describe('nestingDepth', () => {
  it('counts lists and objects outside strings only, escaped quotes included', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(nestingDepth('["[[[[{{{{", "\\"[[[["]')).toBe(1);
    expect(nestingDepth('"\\\\"[[')).toBe(2);
    expect(nestingDepth(reversalText)).toBe(4);
  });

  it('stops as soon as the depth passes the limit', () => {
    expect(nestingDepth('['.repeat(1_000_000), 16)).toBe(17);
  });
});

describe('parseModelFileText', () => {
  it('parses a model file', () => {
    expect(parseModelFileText(reversalText)).toEqual(JSON.parse(reversalText));
  });

  it('refuses a config nested 2,000 (or 1,000,000) levels deep without overflowing the stack', () => {
    expect(problemOf(() => parseModelFileText(deepConfig(2000)))).toEqual({ reason: 'too-deep', params: { limit: MAX_MODEL_FILE_DEPTH } });
    expect(problemOf(() => parseModelFileText(deepConfig(1_000_000)))).toEqual({ reason: 'too-deep', params: { limit: 16 } });
    // 16 levels is allowed by the scan (and then refused by the decoder as a config that is not an object).
    expect(() => parseModelFileText(deepConfig(15))).not.toThrow();
  });

  it('refuses text that is not JSON, and text larger than a model file can be', () => {
    for (const text of ['', 'just some notes', '{"format": "attention', reversalText.slice(0, 500), '<!doctype html>']) {
      expect(problemOf(() => parseModelFileText(text))).toEqual({ reason: 'not-json', params: {} });
    }
    expect(problemOf(() => parseModelFileText(' '.repeat(MAX_MODEL_FILE_BYTES + 1)))).toEqual({ reason: 'too-large', params: { size: '10.0', limit: 10 } });
  });

  it('sizeRefusal says how large the file is, in MB', () => {
    expect(sizeRefusal(MAX_MODEL_FILE_BYTES)).toBeNull();
    expect(sizeRefusal(12 * 1024 * 1024)).toEqual({
      problem: { reason: 'too-large', params: { size: '12.0', limit: 10 } },
      message: 'The file is too large to be a model of this playground (12.0 MB; at most 10 MB).',
    });
  });
});

describe('readModelFile', () => {
  it('decodes the shipped model, and with a task refuses the model of another one', () => {
    expect(readModelFile(reversalText, 'reversal').config.task).toBe('reversal');
    expect(readModelFile(reversalText).step).toBeGreaterThan(0);
    expect(problemOf(() => readModelFile(reversalText, 'copy'))).toEqual({ reason: 'other-task', params: { task: 'reversal', expected: 'copy' } });
  });

  it('a format of 1,000,000 characters is refused at once, quoting only its first characters', () => {
    const text = JSON.stringify({ format: 'a'.repeat(1_000_000), version: 1 });
    let message = '';
    try {
      readModelFile(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`This is not an Attention Lab weights file: its format is "${'a'.repeat(37)}…", not "attention-lab-tiny-transformer".`);
    expect(problemOf(() => readModelFile(text))).toEqual({ reason: 'format', params: { value: `"${'a'.repeat(37)}…"`, expected: 'attention-lab-tiny-transformer' } });
  });
});
