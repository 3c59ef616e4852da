/** The interface languages. The one declaration of Locale: the lab's link, the UI store and the widgets use it. */
export type Locale = 'en' | 'zh';

export const LOCALES: readonly Locale[] = ['en', 'zh'];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The browser's first preferred language decides: zh for any Chinese variant, else en. */
export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Locale {
  return languages[0]?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
