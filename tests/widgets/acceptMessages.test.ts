import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { URL_LIMITS } from '../../src/state/urlState';
import { acceptMessages, isSetTextMessage } from '../../src/widgets/acceptMessages';
import { SET_TEXT_MESSAGE } from '../../src/shared/embedContract';

beforeEach(() => useLab.setState(DEFAULT_SETTINGS));

describe('isSetTextMessage', () => {
  it('accepts exactly { type, text } with a string of at most the link limit', () => {
    expect(isSetTextMessage({ type: SET_TEXT_MESSAGE, text: 'The cat sat' })).toBe(true);
    expect(isSetTextMessage({ text: '', type: SET_TEXT_MESSAGE })).toBe(true);
    expect(isSetTextMessage({ type: SET_TEXT_MESSAGE, text: 'x'.repeat(URL_LIMITS.maxTextLength) })).toBe(true);
    expect(isSetTextMessage(Object.assign(Object.create(null) as object, { type: SET_TEXT_MESSAGE, text: 'a' }))).toBe(true);
  });

  it('refuses everything else', () => {
    const refused: unknown[] = [
      null,
      undefined,
      'attention-lab:set-text',
      42,
      [SET_TEXT_MESSAGE, 'text'],
      {},
      { type: SET_TEXT_MESSAGE },
      { text: 'a' },
      { type: 'attention-lab:height', text: 'a' },
      { type: 'ATTENTION-LAB:SET-TEXT', text: 'a' },
      { type: SET_TEXT_MESSAGE, text: 42 },
      { type: SET_TEXT_MESSAGE, text: null },
      { type: SET_TEXT_MESSAGE, text: ['a'] },
      { type: SET_TEXT_MESSAGE, text: { toString: () => 'a' } },
      { type: SET_TEXT_MESSAGE, text: 'x'.repeat(URL_LIMITS.maxTextLength + 1) },
      { type: SET_TEXT_MESSAGE, text: 'a', extra: 1 },
      { type: SET_TEXT_MESSAGE, text: 'a', height: 100 },
      { type: SET_TEXT_MESSAGE, text: 'a', [Symbol('x')]: 1 },
      new (class Message {
        type = SET_TEXT_MESSAGE;
        text = 'a';
      })(),
      new Date(),
    ];
    for (const data of refused) expect(isSetTextMessage(data), String(data)).toBe(false);
  });
});

describe('acceptMessages', () => {
  const post = (data: unknown, source: Window | null = window.parent) => window.dispatchEvent(new MessageEvent('message', { data, source }));

  it('sets the text from a valid message of the parent window', () => {
    const stop = acceptMessages({ locked: [] });
    post({ type: SET_TEXT_MESSAGE, text: '<img src=x onerror=alert(1)>' });
    expect(useLab.getState().text).toBe('<img src=x onerror=alert(1)>');
    stop();
    post({ type: SET_TEXT_MESSAGE, text: 'after stop' });
    expect(useLab.getState().text).toBe('<img src=x onerror=alert(1)>');
  });

  it('ignores invalid messages, and messages from another window', () => {
    const stop = acceptMessages({ locked: ['mask'] });
    post({ type: SET_TEXT_MESSAGE, text: 'a', extra: true });
    post({ type: SET_TEXT_MESSAGE, text: 7 });
    post({ type: SET_TEXT_MESSAGE, text: 'from nobody' }, null);
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
    stop();
  });

  it('changes nothing while the text is locked', () => {
    const stop = acceptMessages({ locked: ['text'] });
    post({ type: SET_TEXT_MESSAGE, text: 'not allowed' });
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
    stop();
  });
});
