import { translate } from '../../../src/i18n/translate';
import { formatLoss, formatPercent, formatRate, NONE } from '../../../src/playground/components/format';
import { headChoices, relativeWork, withCurrent } from '../../../src/playground/components/formOptions';
import { noticeText } from '../../../src/playground/components/PlaygroundNotices';
import { parseSeed } from '../../../src/playground/components/SeedField';
import { defaultPlaygroundParams } from '../../../src/playground/playgroundUrl';
import type { Translate } from '../../../src/i18n/translate';

const en: Translate = (key, params) => translate('en', key, params);

describe('playground number formats', () => {
  it('never print NaN or Infinity', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, undefined]) {
      expect(formatPercent(bad)).toBe(NONE);
      expect(formatLoss(bad)).toBe(NONE);
    }
    expect(formatRate(Number.NaN)).toBe(NONE);
    expect(formatRate(0)).toBe(NONE);
  });
  it('show percentages, losses and speeds at a readable precision', () => {
    expect(formatPercent(0.9941)).toBe('99.4 %');
    expect(formatPercent(0.1, 0)).toBe('10 %');
    expect(formatLoss(2.30259)).toBe('2.303');
    expect(formatLoss(0.00012)).toBe('0.0001');
    expect(formatRate(58.6)).toBe('59');
    expect(formatRate(3.14)).toBe('3.1');
  });
});

describe('form choices', () => {
  it('offer only head counts that divide the width', () => {
    expect(headChoices(32)).toEqual([1, 2, 4, 8]);
    expect(headChoices(24)).toEqual([1, 2, 3, 4, 6, 8]);
    for (const w of [4, 8, 12, 20, 100]) for (const h of headChoices(w)) expect(w % h).toBe(0);
  });
  it('always contain the current value, in order', () => {
    expect(withCurrent([8, 16, 32], 24)).toEqual([8, 16, 24, 32]);
    expect(withCurrent([8, 16, 32], 16)).toEqual([8, 16, 32]);
  });
  it('take a seed only as a whole number from 0 to 2³² − 1', () => {
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('4294967295')).toBe(4294967295);
    for (const bad of ['', '-1', '1.5', '1e3', '0x10', '4294967296', '12abc', '９']) expect(parseSeed(bad)).toBeNull();
  });
});

describe('notice texts', () => {
  const params = { ...defaultPlaygroundParams(), heads: 2 };
  it('say what was refused and what is used instead', () => {
    expect(noticeText(en, { param: 'lr', value: '5', reason: 'out-of-range', fallback: '0.01' }, params)).toBe('lr = “5” is outside the allowed range (0.00001 to 1); the default is used.');
    expect(noticeText(en, { param: 'heads', value: '3', reason: 'heads-do-not-divide', fallback: '2' }, params)).toBe('3 heads do not divide the width 32; 2 heads are used instead.');
    expect(noticeText(en, { param: 'task', value: 'nope', reason: 'invalid', fallback: 'reversal' }, params)).toContain('There is no task “nope”');
    expect(noticeText(en, { param: 'lr', value: 'abc', reason: 'invalid', fallback: '0.01' }, params)).toBe('lr = “abc” is not a valid value; the default is used.');
    expect(noticeText(en, { param: 'zoom', value: '2', reason: 'unknown', fallback: '' }, params)).toBe('“zoom” is not a playground setting; it was ignored.');
    expect(noticeText(en, { param: '', value: '4995', reason: 'unknown-more', fallback: '' }, params)).toBe('4995 more parameters in the link are not playground settings; they were ignored as well.');
    expect(noticeText(en, { param: 'seed', value: '2', reason: 'repeated', fallback: '1' }, params)).toBe('The link sets seed more than once: the first value, “1”, is used and “2” is ignored.');
  });
  it('cut a very long value from a link', () => {
    const text = noticeText(en, { param: 'seed', value: '9'.repeat(5000), reason: 'out-of-range', fallback: '1' }, params);
    expect(text.length).toBeLessThan(200);
    expect(text).toContain('…');
  });
});

describe('the work of a step', () => {
  it('is 1 for the reversal default and grows with layers and the square of the width', () => {
    expect(relativeWork(1, 32, 16, 10)).toBe(1);
    expect(relativeWork(2, 32, 16, 10)).toBe(2);
    // Width 128: (8·128² + 2·16·128) / (8·32² + 2·16·32) ≈ 14.7 per layer; four layers ≈ 57.
    expect(relativeWork(4, 128, 16, 10)).toBe(57);
  });
});
