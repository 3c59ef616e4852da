import { DEFAULT_SENTENCES, defaultSentence, LINK_DEFAULT_SENTENCE, linkCarriesDefaultText, sentenceAfterLanguageSwitch, sentenceForLink } from '../../src/state/defaultSentence';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { LESSONS } from '../../src/lessons/content';

const EN = DEFAULT_SENTENCES.en;
const ZH = DEFAULT_SENTENCES.zh;

describe('the example sentence of each language', () => {
  it('is lesson 1’s sentence, in English and in Chinese', () => {
    const lesson1 = JSON.stringify(LESSONS[0]);
    expect(lesson1).toContain(EN);
    expect(lesson1).toContain(ZH);
    expect(ZH).toMatch(/[\u4e00-\u9fff]/);
  });

  it('the English one is what the lab and every link default to', () => {
    expect(defaultSentence('en')).toBe(EN);
    expect(defaultSentence('zh')).toBe(ZH);
    expect(DEFAULT_SETTINGS.text).toBe(LINK_DEFAULT_SENTENCE);
    expect(LINK_DEFAULT_SENTENCE).toBe(EN);
  });
});

describe('sentenceForLink', () => {
  it('a link’s text= always wins, even the other language’s example sentence', () => {
    expect(sentenceForLink('Hello', false, 'zh')).toBe('Hello');
    expect(sentenceForLink(EN, false, 'zh')).toBe(EN);
    expect(sentenceForLink(ZH, true, 'en')).toBe(ZH);
    expect(sentenceForLink('', false, 'zh')).toBe('');
  });

  it('no settings in the link: the sentence of the interface language', () => {
    expect(sentenceForLink(undefined, false, 'zh')).toBe(ZH);
    expect(sentenceForLink(undefined, false, 'en')).toBe(EN);
  });

  it('settings without text=: the English sentence such a link always meant', () => {
    expect(sentenceForLink(undefined, true, 'zh')).toBe(EN);
    expect(sentenceForLink(undefined, true, 'en')).toBe(EN);
  });
});

describe('sentenceAfterLanguageSwitch', () => {
  it('the untouched example sentence follows the language, both ways', () => {
    expect(sentenceAfterLanguageSwitch(EN, 'en', 'zh')).toBe(ZH);
    expect(sentenceAfterLanguageSwitch(ZH, 'zh', 'en')).toBe(EN);
  });

  it('any other text stays', () => {
    expect(sentenceAfterLanguageSwitch('My own sentence', 'en', 'zh')).toBe('My own sentence');
    expect(sentenceAfterLanguageSwitch(`${EN} `, 'en', 'zh')).toBe(`${EN} `);
    expect(sentenceAfterLanguageSwitch('', 'zh', 'en')).toBe('');
    // The Chinese sentence in the English interface was chosen (a link, or typed): leaving English keeps it.
    expect(sentenceAfterLanguageSwitch(ZH, 'en', 'zh')).toBe(ZH);
  });

  it('no switch, no change', () => {
    expect(sentenceAfterLanguageSwitch(ZH, 'zh', 'zh')).toBe(ZH);
  });
});

describe('linkCarriesDefaultText', () => {
  it('only a language whose sentence is not the link default makes a link carry it', () => {
    expect(linkCarriesDefaultText('zh')).toBe(true);
    expect(linkCarriesDefaultText('en')).toBe(false);
    expect(linkCarriesDefaultText(undefined)).toBe(false);
  });
});
