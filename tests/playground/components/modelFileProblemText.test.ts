import { MODEL_FILE_REASONS, type ModelFileProblem, type ModelFileReason } from '../../../src/engine/train';
import type { ModelFileProblemParams } from '../../../src/engine/train/modelFileProblem';
import { translate } from '../../../src/i18n/translate';
import { modelFileProblemText } from '../../../src/playground/components/modelFileProblemText';

/** One problem of every reason, as the engine would make it (the type fails to compile if a reason is missing). */
const SAMPLES: { readonly [R in ModelFileReason]: ModelFileProblemParams[R] } = {
  'too-large': { size: '12.0', limit: 10 },
  unreadable: {},
  'not-json': {},
  'too-deep': { limit: 16 },
  'not-object': { value: '[…]' },
  'no-format': {},
  format: { value: '"onnx"', expected: 'attention-lab-tiny-transformer' },
  version: { value: '2', expected: 1 },
  'field-missing': { field: 'config.layers' },
  'field-object': { field: 'config', value: '[…]' },
  'field-whole': { field: 'config.layers', range: '1–16', value: '1.5' },
  'field-number': { field: 'settings.learningRate', range: '≥ 0', value: '-1' },
  'field-boolean': { field: 'config.causal', value: '"yes"' },
  task: { field: 'config.task', tasks: 'reversal, copy, sort, induction', value: '"shuffle"' },
  divide: { width: 32, heads: 3 },
  'missing-tensor': { tensor: 'embedding' },
  'extra-tensor': { tensor: 'layers.9.norm1.weight' },
  shape: { tensor: 'classifier.weight', shape: '[8 × 10]', expected: '[10 × 8]' },
  base64: { tensor: 'embedding' },
  'byte-count': { tensor: 'embedding', bytes: 5 },
  count: { tensor: 'embedding', count: 7, expected: 8 },
  'not-finite': { tensor: 'classifier.bias', value: 'NaN', index: 3 },
  memory: { needed: 23454, limit: 512 },
  'other-task': { task: 'copy', expected: 'reversal' },
};

const problems = MODEL_FILE_REASONS.map((reason) => ({ reason, params: SAMPLES[reason] }) as ModelFileProblem);

describe('the text of a refused model file', () => {
  it.each(['en', 'zh'] as const)('exists for every reason in %s, names the file and fills every placeholder', (locale) => {
    expect(problems.map((p) => p.reason).sort()).toEqual(Object.keys(SAMPLES).sort());
    const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(locale, key, params);
    for (const problem of problems) {
      const text = modelFileProblemText(t, problem, 'mine.json');
      expect(text, problem.reason).toContain('mine.json');
      expect(text, problem.reason).not.toMatch(/[{}]/);
      for (const [name, value] of Object.entries(problem.params)) {
        // A task is named in words; a non-finite value is described, never printed as NaN / Infinity.
        if (problem.reason === 'other-task' || (problem.reason === 'not-finite' && name === 'value')) continue;
        expect(text, problem.reason).toContain(String(value));
      }
      expect(text, problem.reason).not.toMatch(/\bNaN\b|\bInfinity\b/);
    }
  });

  it('translates the task names of a model of another task', () => {
    const problem: ModelFileProblem = { reason: 'other-task', params: { task: 'copy', expected: 'reversal' } };
    expect(modelFileProblemText((k, p) => translate('en', k, p), problem, 'models/reversal.json')).toBe('models/reversal.json holds a model for the Copy task, not for Reversal.');
    expect(modelFileProblemText((k, p) => translate('zh', k, p), problem, 'models/reversal.json')).toBe('models/reversal.json 中是“复制”任务的模型，而不是“反转”任务的。');
  });
});
