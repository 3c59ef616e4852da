import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { URL_LIMITS } from '../../src/state/url/urlState';
import { acceptMessages, isSetTextMessage } from '../../src/widgets/acceptMessages';
import { SET_TEXT_MESSAGE } from '../../src/shared/embedContract';
import { FRAME_FALLBACK_MS, nextFrame } from '../../src/widgets/latestPerFrame';

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

  // Frames (requestAnimationFrame, every 16 ms) and the timeout that stands in for them run on the fake clock.
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('sets the text from a valid message of the parent window, at the next frame', () => {
    const stop = acceptMessages({ locked: [] });
    post({ type: SET_TEXT_MESSAGE, text: '<img src=x onerror=alert(1)>' });
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
    vi.advanceTimersToNextFrame();
    expect(useLab.getState().text).toBe('<img src=x onerror=alert(1)>');
    stop();
    post({ type: SET_TEXT_MESSAGE, text: 'after stop' });
    vi.advanceTimersToNextFrame();
    expect(useLab.getState().text).toBe('<img src=x onerror=alert(1)>');
  });

  it('applies a burst of 5,000 messages at most once per frame, and the last one wins', () => {
    const sets: string[] = [];
    const unsubscribe = useLab.subscribe((s, before) => {
      if (s.text !== before.text) sets.push(s.text);
    });
    const stop = acceptMessages({ locked: [] });
    // Five frames' worth: 1,000 messages between one frame and the next.
    for (let frame = 0; frame < 5; frame++) {
      for (let i = 0; i < 1000; i++) post({ type: SET_TEXT_MESSAGE, text: `message ${frame * 1000 + i + 1}` });
      expect(sets).toHaveLength(frame);
      vi.advanceTimersToNextFrame();
      expect(sets).toHaveLength(frame + 1);
    }
    expect(sets).toEqual(['message 1000', 'message 2000', 'message 3000', 'message 4000', 'message 5000']);
    // Nothing is left to apply: later frames set nothing.
    vi.advanceTimersByTime(1000);
    expect(sets).toHaveLength(5);
    expect(useLab.getState().text).toBe('message 5000');
    unsubscribe();
    stop();
  });

  it('applies a burst once where animation frames never come (a hidden frame): after a short timeout', () => {
    const sets: string[] = [];
    const unsubscribe = useLab.subscribe((s, before) => {
      if (s.text !== before.text) sets.push(s.text);
    });
    // A requestFrame that is the real nextFrame over a window whose animation frames never fire.
    const frozen = Object.create(window, { requestAnimationFrame: { value: () => 1 }, cancelAnimationFrame: { value: () => {} } }) as Window;
    const stop = acceptMessages({ locked: [], requestFrame: nextFrame(frozen) });
    for (let i = 1; i <= 5000; i++) post({ type: SET_TEXT_MESSAGE, text: `message ${i}` });
    expect(sets).toEqual([]);
    vi.advanceTimersByTime(FRAME_FALLBACK_MS);
    expect(sets).toEqual(['message 5000']);
    unsubscribe();
    stop();
  });

  it('ignores invalid messages, and messages from another window, even in a burst', () => {
    const stop = acceptMessages({ locked: ['mask'] });
    post({ type: SET_TEXT_MESSAGE, text: 'a', extra: true });
    post({ type: SET_TEXT_MESSAGE, text: 7 });
    for (let i = 0; i < 5000; i++) post({ type: SET_TEXT_MESSAGE, text: `from nobody ${i}` }, null);
    vi.advanceTimersByTime(1000);
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
    // A valid message first, then a burst from elsewhere: the parent's text stands.
    post({ type: SET_TEXT_MESSAGE, text: 'from the parent' });
    for (let i = 0; i < 5000; i++) post({ type: SET_TEXT_MESSAGE, text: `from nobody ${i}` }, null);
    vi.advanceTimersToNextFrame();
    expect(useLab.getState().text).toBe('from the parent');
    stop();
  });

  it('changes nothing while the text is locked, whatever the burst', () => {
    const stop = acceptMessages({ locked: ['text'] });
    for (let i = 0; i < 5000; i++) post({ type: SET_TEXT_MESSAGE, text: `not allowed ${i}` });
    vi.advanceTimersByTime(1000);
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
    stop();
  });

  it('stopping drops a text not applied yet', () => {
    const stop = acceptMessages({ locked: [] });
    post({ type: SET_TEXT_MESSAGE, text: 'too late' });
    stop();
    vi.advanceTimersByTime(1000);
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
  });
});
