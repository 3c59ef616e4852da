import type { Locale } from './locale';

/*
 * The lab's example sentence in each interface language: the one lesson 1 reads with the student ("The animal did
 * not cross the street because it was too tired." / “那只动物没有过马路，因为它太累了。”), so a Chinese reader opens
 * on a Chinese sentence. The English one is also the text every link means when it carries no text= and sets
 * other settings (links made before there was a Chinese default), so links keep their meaning:
 *
 *   lab opened with no settings in the link (none, or only lang=)   → the sentence of the interface language
 *   link that sets settings but no text=                            → LINK_DEFAULT_SENTENCE (English)
 *   link written in a language whose sentence is not the English one → always carries text= (see labParams.ts)
 *   switching language while the text is the untouched default      → the new language's sentence
 *   any other text (typed, or from a link)                          → never replaced
 */

export const DEFAULT_SENTENCES: Readonly<Record<Locale, string>> = {
  en: 'The animal did not cross the street because it was too tired.',
  zh: '那只动物没有过马路，因为它太累了。',
};

/** What a link without text= means when it sets anything else (and DEFAULT_SETTINGS.text). */
export const LINK_DEFAULT_SENTENCE = DEFAULT_SENTENCES.en;

export function defaultSentence(locale: Locale): string {
  return DEFAULT_SENTENCES[locale];
}

/**
 * Whether a link written in `locale` must carry the text even when it is the link default: a reader may open it in
 * another language, and a link that leaves the text out means LINK_DEFAULT_SENTENCE.
 */
export function linkCarriesDefaultText(locale: Locale | undefined): boolean {
  return locale !== undefined && defaultSentence(locale) !== LINK_DEFAULT_SENTENCE;
}

/**
 * The text the lab opens on for a link. `linkText`: the link's text= (undefined: none); `setsOtherSettings`:
 * whether the link sets any other lab setting; `locale`: the interface language after reading the link.
 */
export function sentenceForLink(linkText: string | undefined, setsOtherSettings: boolean, locale: Locale): string {
  if (linkText !== undefined) return linkText;
  return setsOtherSettings ? LINK_DEFAULT_SENTENCE : defaultSentence(locale);
}

/** The text after the interface language changes from `from` to `to`: the untouched default follows the language. */
export function sentenceAfterLanguageSwitch(text: string, from: Locale, to: Locale): string {
  return from !== to && text === defaultSentence(from) ? defaultSentence(to) : text;
}
