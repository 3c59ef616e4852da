import { DEFAULT_SENTENCES } from '../../src/state/defaultSentence';
import { createLabStore, DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import type { Locale } from '../../src/state/locale';
import { followLanguageWithSentence } from '../../src/state/sentenceFollowsLanguage';
import { createUiStore, useUi } from '../../src/state/uiStore';
import { currentShareUrl, initUrlSync, URL_WRITE_DELAY_MS, useUrlNotices } from '../../src/state/url/urlSync';

const EN = DEFAULT_SENTENCES.en;
const ZH = DEFAULT_SENTENCES.zh;

let stop: (() => void) | undefined;

/** A fresh page load at `url`, for a reader whose interface language (saved, or the browser's) is `locale`. */
function openPage(url: string, locale: Locale): void {
  stop?.();
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale });
  useUrlNotices.setState({ notices: [] });
  window.history.replaceState(null, '', url);
  stop = initUrlSync();
}

const text = (): string => useLab.getState().text;
const written = (): string => {
  vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
  return window.location.search;
};
/** The query part of what "Copy link" copies now. */
const shared = (): string => new URL(currentShareUrl()).search;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  useUi.setState({ locale: 'en' });
  vi.useRealTimers();
});

describe('the lab’s sentence and the interface language', () => {
  it('a Chinese reader’s first visit opens on the Chinese sentence, and a reload keeps it', () => {
    openPage('/', 'zh');
    expect(text()).toBe(ZH);
    const search = written();
    expect(new URLSearchParams(search).get('text')).toBe(ZH);
    openPage(`/${search}`, 'zh');
    expect(text()).toBe(ZH);
  });

  it('an English reader’s first visit opens on the English sentence, with a short address', () => {
    openPage('/', 'en');
    expect(text()).toBe(EN);
    expect(written()).toBe('?lang=en');
  });

  it('a link that only names the language opens on that language’s sentence', () => {
    openPage('/?lang=zh', 'en');
    expect(useUi.getState().locale).toBe('zh');
    expect(text()).toBe(ZH);
    openPage('/?lang=en', 'zh');
    expect(text()).toBe(EN);
  });

  it('a link’s text= always wins, even the English sentence in a Chinese link', () => {
    openPage('/?text=Hello+there&lang=zh', 'en');
    expect(text()).toBe('Hello there');
    openPage(`/?text=${encodeURIComponent(EN)}&lang=zh`, 'en');
    expect(useUi.getState().locale).toBe('zh');
    expect(text()).toBe(EN);
  });

  it('a link that sets settings but no text= keeps the English sentence it always meant', () => {
    openPage('/?h=2&lang=zh', 'zh');
    expect(useLab.getState().numHeads).toBe(2);
    expect(text()).toBe(EN);
  });

  it('switching language swaps the untouched example sentence, both ways', () => {
    openPage('/', 'en');
    useUi.getState().setLocale('zh');
    expect(text()).toBe(ZH);
    useUi.getState().setLocale('en');
    expect(text()).toBe(EN);
  });

  it('a typed sentence is never replaced, and the address keeps it over a reload in the other language', () => {
    openPage('/', 'zh');
    useLab.getState().set({ text: '我的句子' });
    useUi.getState().setLocale('en');
    expect(text()).toBe('我的句子');
    const search = written();
    openPage(`/${search}`, 'zh');
    expect(text()).toBe('我的句子');
  });

  it('a shared link shows the sender’s sentence to a reader in the other language', () => {
    openPage('/', 'zh');
    const fromChinese = shared();
    openPage(`/${fromChinese}`, 'en');
    expect(text()).toBe(ZH);

    openPage('/', 'en');
    const fromEnglish = shared();
    openPage(`/${fromEnglish}`, 'zh');
    expect(text()).toBe(EN);

    // The English sentence kept in the Chinese interface travels too.
    openPage(`/?text=${encodeURIComponent(EN)}&lang=zh`, 'zh');
    const englishInChinese = shared();
    expect(new URLSearchParams(englishInChinese).get('text')).toBe(EN);
    openPage(`/${englishInChinese}`, 'en');
    expect(text()).toBe(EN);
  });

  it('Reset returns to the example sentence of the interface language', () => {
    openPage('/?text=Hello&d=16&h=2', 'zh');
    useLab.getState().reset();
    expect(useLab.getState()).toMatchObject({ ...DEFAULT_SETTINGS, text: ZH });
    useUi.getState().setLocale('en');
    useLab.getState().set({ text: 'typed' });
    useLab.getState().reset();
    expect(text()).toBe(EN);
  });

  it('stops following the language once the sync is stopped', () => {
    openPage('/', 'en');
    stop?.();
    stop = undefined;
    useUi.getState().setLocale('zh');
    expect(text()).toBe(EN);
  });
});

describe('followLanguageWithSentence on its own stores', () => {
  it('acts on the stores it is given only', () => {
    const lab = createLabStore();
    const ui = createUiStore('en');
    const stopFollowing = followLanguageWithSentence(lab, ui);
    ui.getState().setLocale('zh');
    expect(lab.getState().text).toBe(ZH);
    expect(useLab.getState().text).not.toBe(ZH);
    stopFollowing();
    ui.getState().setLocale('en');
    expect(lab.getState().text).toBe(ZH);
  });

  it('an element’s own store resets to the English defaults (its attributes decide its sentence)', () => {
    const lab = createLabStore({ text: 'mine' });
    lab.getState().reset();
    expect(lab.getState().text).toBe(DEFAULT_SETTINGS.text);
  });
});
