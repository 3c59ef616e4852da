import { createMemoryStorage, createSafeStorage, type KeyValueStorage } from '../../src/state/storage/safeStorage';

/** A storage whose every call throws, as localStorage does in a cross-site frame with third-party storage blocked. */
const throwingStorage = (): KeyValueStorage => ({
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  removeItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
});

function mapStorage(): KeyValueStorage & { readonly map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('safe storage', () => {
  it('uses the browser storage while it works', () => {
    const backing = mapStorage();
    const storage = createSafeStorage(() => backing);
    storage.setItem('a', '1');
    expect(backing.map.get('a')).toBe('1');
    expect(storage.getItem('a')).toBe('1');
    storage.removeItem('a');
    expect(backing.map.has('a')).toBe(false);
    expect(storage.persistent()).toBe(true);
  });

  it('keeps working in memory when merely reading window.localStorage throws', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError');
    });
    expect(() => storage.setItem('a', '1')).not.toThrow();
    expect(storage.getItem('a')).toBe('1');
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    expect(storage.persistent()).toBe(false);
  });

  it('keeps working when every call of the storage throws, or there is none', () => {
    for (const storage of [createSafeStorage(throwingStorage), createSafeStorage(() => undefined), createMemoryStorage()]) {
      expect(storage.getItem('x')).toBeNull();
      expect(() => storage.setItem('x', 'y')).not.toThrow();
      expect(storage.getItem('x')).toBe('y');
      expect(storage.persistent()).toBe(false);
    }
  });

  it('falls back to memory when a write fails later (quota full), keeping what was read and written', () => {
    const backing = mapStorage();
    backing.map.set('old', 'kept');
    let full = false;
    const storage = createSafeStorage(() => ({
      ...backing,
      setItem: (k: string, v: string) => {
        if (full) throw new DOMException('quota', 'QuotaExceededError');
        backing.setItem(k, v);
      },
    }));
    expect(storage.getItem('old')).toBe('kept');
    full = true;
    expect(() => storage.setItem('new', 'value')).not.toThrow();
    expect(storage.getItem('new')).toBe('value');
    expect(storage.getItem('old')).toBe('kept');
    expect(storage.persistent()).toBe(false);
  });
});
