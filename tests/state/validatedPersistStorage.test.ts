import { createMemoryStorage } from '../../src/state/storage/safeStorage';
import { validatedPersistStorage } from '../../src/state/storage/validatedPersistStorage';

interface Prefs {
  readonly colour: 'red' | 'blue';
}
const sanitize = (raw: unknown): Prefs | null => {
  const colour = typeof raw === 'object' && raw !== null ? (raw as { colour?: unknown }).colour : undefined;
  return colour === 'red' || colour === 'blue' ? { colour } : null;
};

function setup(saved: string | null) {
  const storage = createMemoryStorage();
  if (saved !== null) storage.setItem('k', saved);
  return { storage, persist: validatedPersistStorage<Prefs>({ version: 2, sanitize, storage, maxChars: 1000 }) };
}

describe('validated persist storage', () => {
  it('reads a valid saved state as it is, without rewriting it', () => {
    const text = JSON.stringify({ state: { colour: 'red' }, version: 2 });
    const { storage, persist } = setup(text);
    expect(persist.getItem('k')).toEqual({ state: { colour: 'red' }, version: 2 });
    expect(storage.getItem('k')).toBe(text);
  });

  it.each([
    ['not JSON', '{"state":'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"red"'],
    ['an array', '[1,2]'],
    ['no state', '{"version":2}'],
    ['an unknown value', JSON.stringify({ state: { colour: 'green' }, version: 2 })],
    ['a value named like a prototype', JSON.stringify({ state: { colour: '__proto__' }, version: 2 })],
    ['another version', JSON.stringify({ state: { colour: 'red' }, version: 1 })],
    ['no version', JSON.stringify({ state: { colour: 'red' } })],
    ['text longer than the limit', JSON.stringify({ state: { colour: 'red', pad: 'x'.repeat(2000) }, version: 2 })],
  ])('gives nothing for %s and removes the bad key', (_what, saved) => {
    const { storage, persist } = setup(saved);
    expect(persist.getItem('k')).toBeNull();
    expect(storage.getItem('k')).toBeNull();
  });

  it('keeps the valid part and writes it back without the unknown fields', () => {
    const { storage, persist } = setup(JSON.stringify({ state: { colour: 'blue', setColour: 'boom', __proto__: { polluted: true } }, version: 2 }));
    expect(persist.getItem('k')).toEqual({ state: { colour: 'blue' }, version: 2 });
    expect(JSON.parse(storage.getItem('k') ?? 'null')).toEqual({ state: { colour: 'blue' }, version: 2 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports nothing when nothing was saved', () => {
    expect(setup(null).persist.getItem('k')).toBeNull();
  });
});
