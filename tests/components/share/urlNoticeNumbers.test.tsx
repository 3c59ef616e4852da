import { cleanup, render, screen, within } from '@testing-library/react';
import { UrlNotices } from '../../../src/components/share/UrlNotices';
import { shownInstead } from '../../../src/components/share/noticeNumbers';
import { translate, type Translate } from '../../../src/i18n/translate';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useUi, type Locale } from '../../../src/state/uiStore';
import { parseQuery, type LabParamNotice, type UrlParam } from '../../../src/state/url/urlState';

// Links count layers, heads and tokens from 0 (layer=0); the lab counts them from 1 (layer 1). The notices about a
// refused value must name what the student sees, and say how the link counts.

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
});

function noticeTexts(query: string, locale: Locale): (string | null)[] {
  useUi.setState({ locale });
  render(<UrlNotices notices={parseQuery(query).notices} onDismiss={() => {}} />);
  return within(screen.getByRole('status')).getAllByRole('listitem').map((li) => li.querySelector('.url-notice-text')?.textContent ?? null);
}

describe('URL notices count layers, heads and tokens as the lab does', () => {
  it('an out-of-range layer and head name layer 1 and head 1, and how links count (en)', () => {
    expect(noticeTexts('layer=9&head=9', 'en')).toEqual([
      'The link sets layer to 9, which is out of range; layer 1 is used instead. Links count layers from 0: layer=0 is layer 1.',
      'The link sets head to 9, which is out of range; head 1 is used instead. Links count heads from 0: head=0 is head 1.',
    ]);
  });

  it('an out-of-range layer and head name layer 1 and head 1, and how links count (zh)', () => {
    expect(noticeTexts('layer=9&head=9', 'zh')).toEqual([
      '链接把 layer 设为 9，超出了允许的范围，已改用 第 1 层。链接里的层从 0 开始计数：layer=0 就是第 1 层。',
      '链接把 head 设为 9，超出了允许的范围，已改用 头 1。链接里的头从 0 开始计数：head=0 就是头 1。',
    ]);
  });

  it('the refused value stays the link’s own text (code); what is shown is in words, not a link number', () => {
    noticeTexts('layer=9', 'en');
    const item = screen.getByRole('listitem');
    expect(Array.from(item.querySelectorAll('code'), (c) => c.textContent)).toEqual(['layer', '9']);
  });

  it('a value that is not a number names what is shown, without a note on counting', () => {
    expect(noticeTexts('layer=abc', 'en')).toEqual(['The link sets layer to abc, which is not a valid value; layer 1 is used instead.']);
  });

  it('an out-of-range prediction position falls back to the last token, not “none”', () => {
    expect(noticeTexts('at=99999', 'en')).toEqual([
      'The link sets at to 99999, which is out of range; the last token is used instead. Links count tokens from 0: at=0 is token 1.',
    ]);
    cleanup();
    expect(noticeTexts('at=99999', 'zh')).toContain('链接把 at 设为 99999，超出了允许的范围，已改用 最后一个词元。链接里的词元从 0 开始计数：at=0 就是第 1 个词元。');
  });

  it('lists of positions (switched-off heads, padding) say how links count them', () => {
    expect(noticeTexts('off=7-0&pad=9999', 'en')).toEqual([
      'The link sets pad to 9999, which is out of range; none is used instead. Links count tokens from 0: pad=0 is token 1.',
      'The link sets off to 7-0, which is out of range; none is used instead. Links count layers and heads from 0: off=0-1 is layer 1, head 2.',
    ]);
  });

  it('a layer given twice says which link value is used, and how links count', () => {
    expect(noticeTexts('layer=1&layer=0', 'en')).toEqual([
      'The link sets layer more than once: the first value, 1, is used and 0 is ignored. Links count layers from 0: layer=0 is layer 1.',
    ]);
  });

  it('other parameters keep their notices as they were', () => {
    expect(noticeTexts('layers=99&d=abc', 'en')).toEqual([
      'The link sets d to abc, which is not a valid value; 32 is used instead.',
      'The link sets layers to 99, which is out of range; 2 is used instead.',
    ]);
  });
});

describe('shownInstead', () => {
  const en: Translate = (key, params) => translate('en', key, params);
  const notice = (param: UrlParam, fallback: string): LabParamNotice => ({ param, value: '99', reason: 'out-of-range', fallback });

  it('turns the link’s 0-based fallback into the number the lab shows', () => {
    expect(shownInstead(notice('layer', '2'), en)).toBe('layer 3');
    expect(shownInstead(notice('head', '0'), en)).toBe('head 1');
    expect(shownInstead(notice('head', 'avg'), en)).toBe('the average of the heads');
    expect(shownInstead(notice('at', '4'), en)).toBe('token 5');
    expect(shownInstead(notice('at', ''), en)).toBe('the last token');
  });

  it('leaves other parameters, and repeated values, as the link writes them', () => {
    expect(shownInstead(notice('layers', '2'), en)).toBeNull();
    expect(shownInstead({ param: 'layer', value: '0', reason: 'repeated', fallback: '1' }, en)).toBeNull();
  });
});
