import { catalogs, type MessageKey } from './catalog';
import { useUi, type Locale } from '../state/uiStore';


export type Params = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** Fills {name} placeholders; an unknown placeholder stays visible rather than turning into "undefined". */
export function translate(locale: Locale, key: MessageKey, params: Params = {}): string {
  return catalogs[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function useT(): Translate {
  const locale = useUi((s) => s.locale);
  return (key, params) => translate(locale, key, params);
}
