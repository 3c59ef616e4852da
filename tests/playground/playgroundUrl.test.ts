import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_DEFAULTS } from '../../src/engine/train/tasks';
import { TASK_NAMES, type TaskName } from '../../src/engine/train/types';
import {
  changeParams,
  configFromParams,
  defaultPlaygroundParams,
  formatSampleInput,
  parsePlaygroundQuery,
  parseSampleInput,
  playgroundHash,
  playgroundQuery,
  PLAYGROUND_PARAM_NAMES,
  queryOfPlaygroundHash,
} from '../../src/playground/playgroundUrl';
import { PLAYGROUND_LIMITS, type PlaygroundParams } from '../../src/playground/types';

const REVERSAL_DEFAULTS: PlaygroundParams = { task: 'reversal', layers: 1, heads: 1, width: 32, learningRate: 0.01, seed: 1, causal: false };

const divisorsUpTo = (width: number, max: number): number[] =>
  Array.from({ length: Math.min(width, max) }, (_, i) => i + 1).filter((h) => width % h === 0);

/** Any params the form can produce: within PLAYGROUND_LIMITS, heads dividing the width. */
const validParams: fc.Arbitrary<PlaygroundParams> = fc
  .record({
    task: fc.constantFrom<TaskName>(...TASK_NAMES),
    layers: fc.integer({ min: PLAYGROUND_LIMITS.layers.min, max: PLAYGROUND_LIMITS.layers.max }),
    width: fc.integer({ min: PLAYGROUND_LIMITS.width.min, max: PLAYGROUND_LIMITS.width.max }),
    headPick: fc.nat(),
    learningRate: fc.oneof(
      fc.double({ min: PLAYGROUND_LIMITS.learningRate.min, max: PLAYGROUND_LIMITS.learningRate.max, noNaN: true }),
      fc.constantFrom(1e-5, 1e-4, 0.001, 0.005, 0.01, 0.1, 1),
    ),
    seed: fc.integer({ min: PLAYGROUND_LIMITS.seed.min, max: PLAYGROUND_LIMITS.seed.max }),
    causal: fc.boolean(),
  })
  .map(({ headPick, ...rest }) => {
    const heads = divisorsUpTo(rest.width, PLAYGROUND_LIMITS.heads.max);
    return { ...rest, heads: heads[headPick % heads.length] };
  });

describe('parsePlaygroundQuery', () => {
  it('an empty query gives the reversal defaults of TASK_DEFAULTS and seed 1, without notices', () => {
    for (const query of ['', '?']) {
      const { params, notices } = parsePlaygroundQuery(query);
      expect(params).toEqual(REVERSAL_DEFAULTS);
      expect(notices).toEqual([]);
    }
    const d = TASK_DEFAULTS.reversal;
    expect(REVERSAL_DEFAULTS).toMatchObject({ layers: d.layers, heads: d.heads, width: d.width, learningRate: d.learningRate });
  });

  it('a task alone takes that task’s architecture and learning rate', () => {
    for (const task of TASK_NAMES) {
      const { params, notices } = parsePlaygroundQuery(`task=${task}`);
      const d = TASK_DEFAULTS[task];
      expect(params).toEqual({ task, layers: d.layers, heads: d.heads, width: d.width, learningRate: d.learningRate, seed: 1, causal: d.causal });
      expect(notices).toEqual([]);
    }
  });

  it('reads every parameter of a well-formed link, with or without the leading "?"', () => {
    const expected: PlaygroundParams = { task: 'sort', layers: 3, heads: 4, width: 64, learningRate: 0.002, seed: 7, causal: false };
    expect(parsePlaygroundQuery('task=sort&layers=3&heads=4&width=64&lr=0.002&seed=7')).toEqual({ params: expected, notices: [], input: null });
    expect(parsePlaygroundQuery('?seed=7&lr=2e-3&width=64&heads=4&layers=3&task=sort')).toEqual({ params: expected, notices: [], input: null });
  });

  it('round trip: parse(playgroundQuery(p)) gives back p, without notices, for every valid p', () => {
    fc.assert(
      fc.property(validParams, (p) => {
        const { params, notices } = parsePlaygroundQuery(playgroundQuery(p));
        expect(notices).toEqual([]);
        expect(params).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });

  it('writes every parameter, in the fixed order', () => {
    fc.assert(
      fc.property(validParams, (p) => {
        // causal only when it differs from the task's own setting; input only when there is one.
        const written = PLAYGROUND_PARAM_NAMES.filter((n) => n !== 'input' && (n !== 'causal' || p.causal !== TASK_DEFAULTS[p.task].causal));
        expect(Array.from(new URLSearchParams(playgroundQuery(p)).keys())).toEqual(written);
        expect(Array.from(new URLSearchParams(playgroundQuery(p, new Array<number>(16).fill(3))).keys())).toEqual([...written, 'input']);
      }),
      { numRuns: 50 },
    );
  });

  it.each([
    ['task=nope', 'task', 'nope', 'invalid', 'reversal'],
    ['lr=abc', 'lr', 'abc', 'invalid', '0.01'],
    ['lr=', 'lr', '', 'invalid', '0.01'],
    ['lr=Infinity', 'lr', 'Infinity', 'invalid', '0.01'],
    ['lr=5', 'lr', '5', 'out-of-range', '0.01'],
    ['lr=0', 'lr', '0', 'out-of-range', '0.01'],
    ['layers=99', 'layers', '99', 'out-of-range', '1'],
    ['layers=0', 'layers', '0', 'out-of-range', '1'],
    ['layers=1.5', 'layers', '1.5', 'invalid', '1'],
    ['width=0x20', 'width', '0x20', 'invalid', '32'],
    ['width=%2032', 'width', ' 32', 'invalid', '32'],
    ['heads=9', 'heads', '9', 'out-of-range', '1'],
    ['seed=-1', 'seed', '-1', 'out-of-range', '1'],
    ['seed=4294967296', 'seed', '4294967296', 'out-of-range', '1'],
    ['causal=yes', 'causal', 'yes', 'invalid', '0'],
    ['foo=1', 'foo', '1', 'unknown', ''],
  ] as const)('%s → a %s notice (%s, %s) and the defaults', (query, param, value, reason, fallback) => {
    const { params, notices } = parsePlaygroundQuery(query);
    expect(notices).toEqual([{ param, value, reason, fallback }]);
    expect(params).toEqual(REVERSAL_DEFAULTS);
  });

  it('a repeated parameter uses the first value and says so, as on the lab page', () => {
    const { params, notices } = parsePlaygroundQuery('seed=5&seed=6&seed=7');
    expect(params.seed).toBe(5);
    expect(notices).toEqual([{ param: 'seed', value: '6, 7', reason: 'repeated', fallback: '5' }]);
  });

  it('heads=3 with width 32 becomes 2 heads (2 and 4 are equally near: the smaller), with a notice', () => {
    const { params, notices } = parsePlaygroundQuery('heads=3&width=32');
    expect(params).toEqual({ ...REVERSAL_DEFAULTS, heads: 2 });
    expect(notices).toEqual([{ param: 'heads', value: '3', reason: 'heads-do-not-divide', fallback: '2' }]);
  });

  it('heads=7 with width 32 becomes 8, the nearest count that divides', () => {
    expect(parsePlaygroundQuery('heads=7&width=32').notices).toEqual([{ param: 'heads', value: '7', reason: 'heads-do-not-divide', fallback: '8' }]);
  });

  it('heads above the width become the width (width 4, heads 8 → 4)', () => {
    const { params, notices } = parsePlaygroundQuery('width=4&heads=8');
    expect(params).toMatchObject({ width: 4, heads: 4 });
    expect(notices).toEqual([{ param: 'heads', value: '8', reason: 'heads-do-not-divide', fallback: '4' }]);
  });

  it('a width the task’s heads do not divide takes the nearest head count that does, quietly (the link asked for none)', () => {
    const { params, notices } = parsePlaygroundQuery('task=sort&width=5');
    expect(params).toMatchObject({ task: 'sort', width: 5, heads: 1 });
    expect(notices).toEqual([]);
  });

  it('a refused value of one parameter keeps the good ones, and an unknown task falls back to reversal', () => {
    const { params, notices } = parsePlaygroundQuery('task=nope&layers=2&lr=abc&seed=5&foo=bar');
    expect(params).toEqual({ ...REVERSAL_DEFAULTS, layers: 2, seed: 5 });
    expect(notices).toHaveLength(3);
    expect(notices).toEqual(
      expect.arrayContaining([
        { param: 'foo', value: 'bar', reason: 'unknown', fallback: '' },
        { param: 'task', value: 'nope', reason: 'invalid', fallback: 'reversal' },
        { param: 'lr', value: 'abc', reason: 'invalid', fallback: '0.01' },
      ]),
    );
  });

  it('the defaults a refused value falls back to are those of the task in the link', () => {
    const { params } = parsePlaygroundQuery('task=sort&layers=99&lr=abc');
    expect(params).toEqual(defaultPlaygroundParams('sort'));
    expect(params.layers).toBe(TASK_DEFAULTS.sort.layers);
  });

  it('never throws, and whatever the query, the params are within the limits with heads dividing the width', () => {
    const name = fc.oneof(fc.constantFrom(...PLAYGROUND_PARAM_NAMES), fc.string({ maxLength: 6 }));
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.double().map(String), fc.integer({ min: -300, max: 300 }).map(String));
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 8 }), (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const { params } = parsePlaygroundQuery(query);
        expect(TASK_NAMES).toContain(params.task);
        for (const field of ['layers', 'heads', 'width', 'seed'] as const) {
          expect(Number.isInteger(params[field])).toBe(true);
          expect(params[field]).toBeGreaterThanOrEqual(PLAYGROUND_LIMITS[field].min);
          expect(params[field]).toBeLessThanOrEqual(PLAYGROUND_LIMITS[field].max);
        }
        expect(params.learningRate).toBeGreaterThanOrEqual(PLAYGROUND_LIMITS.learningRate.min);
        expect(params.learningRate).toBeLessThanOrEqual(PLAYGROUND_LIMITS.learningRate.max);
        expect(params.width % params.heads).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('playgroundHash / queryOfPlaygroundHash', () => {
  it('the default hash is the one the issue shows', () => {
    expect(playgroundHash(REVERSAL_DEFAULTS)).toBe('#/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1');
  });

  it('the query of a hash is what follows "?", and nothing without one', () => {
    expect(queryOfPlaygroundHash('#/playground?task=copy&seed=2')).toBe('task=copy&seed=2');
    expect(queryOfPlaygroundHash('#/playground')).toBe('');
    expect(parsePlaygroundQuery(queryOfPlaygroundHash(playgroundHash({ ...REVERSAL_DEFAULTS, seed: 9 }))).params.seed).toBe(9);
  });
});

describe('changeParams (the form)', () => {
  const current: PlaygroundParams = { task: 'reversal', layers: 3, heads: 4, width: 64, learningRate: 0.1, seed: 42, causal: false };

  it('a new task alone resets the architecture and learning rate to that task’s defaults but keeps the seed', () => {
    const { params, notices } = changeParams(current, { task: 'sort' });
    expect(params).toEqual({ ...defaultPlaygroundParams('sort'), seed: 42 });
    expect(params).toMatchObject({ layers: TASK_DEFAULTS.sort.layers, heads: TASK_DEFAULTS.sort.heads, learningRate: TASK_DEFAULTS.sort.learningRate });
    expect(notices).toEqual([]);
  });

  it('values given together with the new task win over its defaults', () => {
    const { params } = changeParams(current, { task: 'induction', layers: 4, seed: 3 });
    expect(params).toEqual({ ...defaultPlaygroundParams('induction'), layers: 4, seed: 3 });
  });

  it('the same task again changes nothing', () => {
    expect(changeParams(current, { task: 'reversal' })).toEqual({ params: current, notices: [] });
  });

  it('a refused value keeps the current setting and yields a notice', () => {
    expect(changeParams(current, { layers: 99 })).toEqual({ params: current, notices: [{ param: 'layers', value: '99', reason: 'out-of-range', fallback: '3' }] });
    expect(changeParams(current, { learningRate: Number.NaN })).toEqual({ params: current, notices: [{ param: 'lr', value: 'NaN', reason: 'invalid', fallback: '0.1' }] });
    expect(changeParams(current, { layers: 2.5 }).notices).toEqual([{ param: 'layers', value: '2.5', reason: 'invalid', fallback: '3' }]);
    const unknownTask = changeParams(current, { task: 'nope' as TaskName });
    expect(unknownTask.params).toEqual(current);
    expect(unknownTask.notices).toEqual([{ param: 'task', value: 'nope', reason: 'invalid', fallback: 'reversal' }]);
  });

  it('heads 3 on width 64 become 2 (2 and 4 equally near: the smaller), with a notice', () => {
    expect(changeParams(current, { heads: 3 })).toEqual({ params: { ...current, heads: 2 }, notices: [{ param: 'heads', value: '3', reason: 'heads-do-not-divide', fallback: '2' }] });
  });

  it('a new width the current heads do not divide takes the nearest head count that does, with a notice', () => {
    const wide = { ...current, width: 24, heads: 3 };
    expect(changeParams(wide, { width: 32 })).toEqual({
      params: { ...wide, width: 32, heads: 2 },
      notices: [{ param: 'heads', value: '3', reason: 'heads-do-not-divide', fallback: '2' }],
    });
  });
});

describe('configFromParams', () => {
  it('builds the task’s model with the params’ architecture and a feed-forward width of 2 · width', () => {
    fc.assert(
      fc.property(validParams, (p) => {
        const { config, settings } = configFromParams(p);
        const d = TASK_DEFAULTS[p.task];
        expect(config).toEqual({ task: p.task, vocab: d.vocab, seqLen: d.seqLen, layers: p.layers, heads: p.heads, width: p.width, ffnWidth: 2 * p.width, causal: p.causal });
        expect(settings).toEqual({ learningRate: p.learningRate, warmupSteps: d.warmupSteps, batchSize: d.batchSize, clipNorm: d.clipNorm, seed: p.seed });
      }),
      { numRuns: 50 },
    );
  });

  it('for the defaults, it is exactly the task’s tested model', () => {
    const { config } = configFromParams(defaultPlaygroundParams('reversal'));
    expect(config.ffnWidth).toBe(TASK_DEFAULTS.reversal.ffnWidth);
  });
});

describe('the sample input in the link', () => {
  it('is read when it is 16 digits from 0 to 9, and written back the same way', () => {
    const parsed = parsePlaygroundQuery('task=reversal&input=3141592653589793');
    expect(parsed.notices).toEqual([]);
    expect(parsed.input).toEqual([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]);
    expect(playgroundQuery(parsed.params, parsed.input)).toBe('task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1&input=3141592653589793');
    expect(parsePlaygroundQuery('input=3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3').input).toEqual(parsed.input);
  });
  it.each(['', '314', '31415926535897932', '314159265358979x', '-141592653589793', '3141592653589793 ', '１２３'])('refuses %j with a notice and shows the held-out input', (raw) => {
    const parsed = parsePlaygroundQuery(`input=${encodeURIComponent(raw)}`);
    if (raw === '3141592653589793 ') {
      // Surrounding spaces are forgiven, like in the form.
      expect(parsed.input).toHaveLength(16);
      return;
    }
    expect(parsed.input).toBeNull();
    expect(parsed.notices).toEqual([{ param: 'input', value: raw, reason: 'invalid', fallback: '' }]);
  });
  it('parseSampleInput takes separators and refuses tokens outside the vocabulary', () => {
    expect(parseSampleInput('1 2 3', 3, 10)).toEqual([1, 2, 3]);
    expect(parseSampleInput('1,2,,3', 3, 10)).toEqual([1, 2, 3]);
    expect(parseSampleInput('12 2 3', 3, 10)).toBeNull();
    expect(parseSampleInput('12 2 3', 3, 20)).toEqual([12, 2, 3]);
    expect(formatSampleInput([12, 2, 3])).toBe('12,2,3');
    expect(formatSampleInput([1, 2, 3])).toBe('123');
  });
});

describe('the causal mask in the link', () => {
  it("is the task's own setting unless the link says otherwise, and written only when it differs", () => {
    expect(parsePlaygroundQuery('task=induction').params.causal).toBe(true);
    expect(parsePlaygroundQuery('task=reversal').params.causal).toBe(false);
    const masked = parsePlaygroundQuery('task=reversal&causal=1');
    expect(masked.params.causal).toBe(true);
    expect(playgroundQuery(masked.params)).toBe('task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1&causal=1');
    expect(playgroundQuery(parsePlaygroundQuery('task=induction&causal=0').params)).toContain('&causal=0');
    expect(configFromParams(masked.params).config.causal).toBe(true);
  });
  it('anything but 0 or 1 is refused with a notice', () => {
    const parsed = parsePlaygroundQuery('task=reversal&causal=yes');
    expect(parsed.params.causal).toBe(false);
    expect(parsed.notices).toEqual([{ param: 'causal', value: 'yes', reason: 'invalid', fallback: '0' }]);
  });
  it('a new task brings its own setting; a change of the mask alone keeps the rest', () => {
    const reversal = defaultPlaygroundParams('reversal');
    expect(changeParams({ ...reversal, causal: true }, { task: 'induction' }).params.causal).toBe(true);
    expect(changeParams(reversal, { task: 'induction' }).params.causal).toBe(true);
    expect(changeParams(defaultPlaygroundParams('induction'), { task: 'copy' }).params.causal).toBe(false);
    expect(changeParams(reversal, { causal: true }).params).toEqual({ ...reversal, causal: true });
  });
});
