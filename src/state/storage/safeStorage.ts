/*
 * The one door to the browser's localStorage. Reading `window.localStorage` throws in a third-party frame whose
 * storage is blocked (a course page embedding us from another site), in private modes and under some policies;
 * setItem throws when the quota is full. None of that may reach the interface: every call here falls back to an
 * in-memory map for the rest of the page's life, so the app keeps working and simply remembers nothing.
 */

/** The part of the Web Storage API the app uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SafeStorage extends KeyValueStorage {
  /** False once the browser's storage was found unusable (or never there): values then live only in memory. */
  readonly persistent: () => boolean;
}

const PROBE_KEY = 'attention-lab-storage-probe';

/**
 * A storage that never throws. `open` returns the browser's storage (it may throw, or return null / undefined);
 * it is called once, on first use, and probed with a write, because Safari's private mode used to expose a
 * storage whose every write failed.
 */
export function createSafeStorage(open: () => KeyValueStorage | null | undefined): SafeStorage {
  const memory = new Map<string, string>();
  // undefined: not opened yet; null: unusable, memory only.
  let backing: KeyValueStorage | null | undefined;

  const usable = (): KeyValueStorage | null => {
    if (backing !== undefined) return backing;
    try {
      const storage = open() ?? null;
      if (storage !== null) {
        storage.setItem(PROBE_KEY, '1');
        storage.removeItem(PROBE_KEY);
      }
      backing = storage;
    } catch {
      backing = null;
    }
    return backing;
  };
  const giveUp = (): void => {
    backing = null;
  };

  return {
    getItem(key) {
      const storage = usable();
      if (storage === null) return memory.get(key) ?? null;
      try {
        const value = storage.getItem(key);
        // Mirrored, so that what was read stays readable if the storage fails later in this page's life.
        if (value === null) memory.delete(key);
        else memory.set(key, value);
        return value;
      } catch {
        giveUp();
        return memory.get(key) ?? null;
      }
    },
    setItem(key, value) {
      memory.set(key, value);
      const storage = usable();
      if (storage === null) return;
      try {
        storage.setItem(key, value);
      } catch {
        // Quota full or storage revoked: this value and every later one stay in memory only.
        giveUp();
      }
    },
    removeItem(key) {
      memory.delete(key);
      const storage = usable();
      if (storage === null) return;
      try {
        storage.removeItem(key);
      } catch {
        giveUp();
      }
    },
    persistent: () => usable() !== null,
  };
}

function browserLocalStorage(): KeyValueStorage | undefined {
  // The property read itself is what throws in a blocked third-party frame.
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/** The app's storage: the browser's localStorage while it works, memory after. */
export const appStorage: SafeStorage = createSafeStorage(browserLocalStorage);

/** A storage that keeps nothing beyond this page (an embed must not change the reader's saved preferences). */
export function createMemoryStorage(): SafeStorage {
  return createSafeStorage(() => null);
}
