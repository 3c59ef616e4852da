import { act, render, screen } from '@testing-library/react';
import { UI_STORAGE_KEY, useUi } from '../../src/state/uiStore';
import { useT } from '../../src/i18n/translate';

function LanguageProbe() {
  const t = useT();
  const locale = useUi((s) => s.locale);
  return (
    <p>
      {locale}:{t('app.title')}
    </p>
  );
}

const saved = (state: unknown, version = 1): string => JSON.stringify({ state, version });

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('saved interface preferences', () => {
  it.each([
    ['an unknown locale', saved({ locale: 'xx' })],
    ['a null locale', saved({ locale: null })],
    ['a number', saved({ locale: 42 })],
    ['"__proto__"', saved({ locale: '__proto__' })],
    ['"constructor"', saved({ locale: 'constructor' })],
    ['an object', saved({ locale: { en: true } })],
    ['a 4 MB string', saved({ locale: 'x'.repeat(4 * 1024 * 1024) })],
    ['another version', saved({ locale: 'zh' }, 99)],
    ['broken JSON', '{"state":{"locale":'],
  ])('fall back to a working language for %s, quietly, and drop the bad key', async (_what, text) => {
    const errors = vi.spyOn(console, 'error');
    useUi.setState({ locale: 'en' });
    localStorage.setItem(UI_STORAGE_KEY, text);
    await act(() => useUi.persist.rehydrate());
    expect(['en', 'zh']).toContain(useUi.getState().locale);
    expect(localStorage.getItem(UI_STORAGE_KEY)).toBeNull();
    render(<LanguageProbe />);
    expect(screen.getByText(/^(en|zh):\S/)).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  it('never lets a saved field replace an action: the language switch still works', async () => {
    localStorage.setItem(UI_STORAGE_KEY, saved({ locale: 'zh', setLocale: 'boom' }));
    await act(() => useUi.persist.rehydrate());
    expect(useUi.getState().locale).toBe('zh');
    expect(typeof useUi.getState().setLocale).toBe('function');
    act(() => useUi.getState().setLocale('en'));
    expect(useUi.getState().locale).toBe('en');
    expect(JSON.parse(localStorage.getItem(UI_STORAGE_KEY) ?? 'null')).toEqual({ state: { locale: 'en' }, version: 1 });
  });
});
