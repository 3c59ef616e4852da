import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { appStorage, type KeyValueStorage } from './safeStorage';

/*
 * A Zustand PersistStorage that trusts nothing it reads. What is saved belongs to the student's browser: it may
 * come from an older version, be edited by hand, be cut short or be huge. Shapes on disk:
 *
 *   { "state": <what sanitize accepts>, "version": <number> }
 *
 * Reading: too long, not JSON, not that shape, or another version → nothing (the store keeps its defaults) and
 * the key is removed; a readable state goes through `sanitize`, which keeps only known fields with valid values,
 * and when that dropped anything the clean state is written back. Zustand's own version check (which logs an
 * error) never sees a mismatch, and a saved field named like an action ("setLocale") can never replace it.
 */

export interface ValidatedStorageOptions<T> {
  readonly version: number;
  /** The valid part of what was saved, or null when nothing of it can be used. */
  readonly sanitize: (state: unknown) => T | null;
  /** Longer saved text is not even parsed (a 4 MB string must not cost a parse on every page load). */
  readonly maxChars?: number;
  readonly storage?: KeyValueStorage;
}

export const DEFAULT_MAX_STORED_CHARS = 64 * 1024;

function readEnvelope(text: string, maxChars: number): { readonly state: unknown; readonly version: unknown } | null {
  if (text.length > maxChars) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  if (!Object.hasOwn(parsed, 'state')) return null;
  const { state, version } = parsed as { state: unknown; version: unknown };
  return { state, version };
}

export function validatedPersistStorage<T>(options: ValidatedStorageOptions<T>): PersistStorage<T> {
  const storage = options.storage ?? appStorage;
  const maxChars = options.maxChars ?? DEFAULT_MAX_STORED_CHARS;
  const write = (name: string, value: StorageValue<T>): void => storage.setItem(name, JSON.stringify(value));
  return {
    getItem(name) {
      const text = storage.getItem(name);
      if (text === null) return null;
      const envelope = readEnvelope(text, maxChars);
      const state = envelope !== null && envelope.version === options.version ? options.sanitize(envelope.state) : null;
      if (state === null) {
        storage.removeItem(name);
        return null;
      }
      const clean: StorageValue<T> = { state, version: options.version };
      if (JSON.stringify(clean) !== text) write(name, clean);
      return clean;
    },
    setItem: write,
    removeItem: (name) => storage.removeItem(name),
  };
}
