import type { Locale } from '../state/locale';
import type { MessagePair } from './defineMessages';

/*
 * i18n sits below the features, so it cannot import their messages. The app assembles them instead
 * (src/messages.ts): it merges every feature's pair, installs the result here at startup, and augments
 * MessageCatalog with their keys by declaration merging, so a key is still checked wherever it is used
 * (`t('typo')` fails tsc) while this folder never names a feature.
 */

/** Every interface message key, as a property; empty here, filled by src/messages.ts (`declare module`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by src/messages.ts
export interface MessageCatalog {}

export type MessageKey = keyof MessageCatalog & string;
export type Catalog = Readonly<Record<MessageKey, string>>;

// Filled in place, so `catalogs` below is one object for the whole run.
const installed: Record<Locale, Record<string, string>> = { en: {}, zh: {} };

/** The interface text by locale. Empty until installMessages runs (src/messages.ts, imported first by each entry point). */
export const catalogs: Readonly<Record<Locale, Catalog>> = installed as Record<Locale, Catalog>;

/** Adds the messages of every pair to the catalogs; the app calls it once, with the pairs MessageCatalog is made of. */
export function installMessages(pairs: readonly MessagePair<string>[]): void {
  for (const pair of pairs) {
    Object.assign(installed.en, pair.en);
    Object.assign(installed.zh, pair.zh);
  }
}

/** The keys of a MessagePair (for src/messages.ts's augmentation). */
export type KeysOf<P> = P extends MessagePair<infer K> ? K : never;

/** Keys defined by more than one pair (a test keeps the app's list free of them). */
export function duplicateKeys(pairs: readonly MessagePair<string>[]): string[] {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const p of pairs) {
    for (const k of Object.keys(p.en)) {
      if (seen.has(k)) dupes.push(k);
      seen.add(k);
    }
  }
  return dupes;
}
