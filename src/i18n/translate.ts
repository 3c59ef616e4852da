import type { KindText } from '../models/modelStatus';
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

/** Whether `key` names an interface text (a model kind names its messages as plain strings). */
export function isMessageKey(key: string): key is MessageKey {
  return key in catalogs.en;
}

/** A model kind's message (its traits name keys as plain strings), or the key itself when no text has it. */
export function kindMessage(t: Translate, key: string, params?: Params): string {
  return isMessageKey(key) ? t(key, params) : key;
}

/** A model kind's sentence (models/modelStatus.ts), its placeholders translated first; an unknown key shows as itself. */
export function kindText(t: Translate, text: KindText): string {
  if ('plain' in text) return text.plain;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) params[name] = typeof value === 'object' ? kindText(t, value) : value;
  return kindMessage(t, text.key, params);
}
