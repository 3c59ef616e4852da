import { catalogs, type MessageKey } from './catalog';
import { useUi, type Locale } from '../state/uiStore';

export type Params = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** Fills {name} placeholders; an unknown placeholder stays visible rather than turning into "undefined". */
export function translate(locale: Locale, key: MessageKey, params: Params = {}): string {
  const text: string | undefined = catalogs[locale][key];
  // Only possible when an entry point forgot to install the app's messages first.
  if (text === undefined) throw new Error(`No interface text for "${key}": import src/messages.ts first in the entry point.`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function useT(): Translate {
  const locale = useUi((s) => s.locale);
  return (key, params) => translate(locale, key, params);
}
