import { browserLocale, type Locale } from '../../state/uiStore';

/**
 * An element's language when its `lang` attribute gives none (or a refused one): the language of the page around
 * it (the nearest ancestor with a lang attribute, zh… or en…), else the browser's. The widget is part of that
 * page's content, so it speaks the page's language; a `lang` attribute overrides.
 */
export function surroundingLocale(element: Element): Locale {
  const lang = element.parentElement?.closest('[lang]')?.getAttribute('lang')?.trim().toLowerCase() ?? '';
  if (lang.startsWith('zh')) return 'zh';
  if (lang.startsWith('en')) return 'en';
  return browserLocale();
}
