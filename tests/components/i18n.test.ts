import { catalogs, duplicateKeys } from '../../src/i18n/catalog';
import { MESSAGE_PAIRS } from '../../src/messages';
import { translate } from '../../src/i18n/translate';
import { browserLocale } from '../../src/state/uiStore';

describe('interface text', () => {
  it('has every string in both languages, none empty, none defined twice', () => {
    expect(Object.keys(catalogs.zh).sort()).toEqual(Object.keys(catalogs.en).sort());
    for (const locale of ['en', 'zh'] as const) for (const [key, text] of Object.entries(catalogs[locale])) expect(text.trim(), `${locale} ${key}`).not.toBe('');
    expect(duplicateKeys(MESSAGE_PAIRS)).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(catalogs.en) as (keyof typeof catalogs.en)[]) expect(placeholders(catalogs.zh[key]), key).toEqual(placeholders(catalogs.en[key]));
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'layer.button', { n: 2 })).toBe('Layer 2');
    expect(translate('zh', 'layer.button', { n: 2 })).toBe('第 2 层');
    expect(translate('en', 'layer.button')).toBe('Layer {n}');
  });

  it('defaults to Chinese for any zh browser language, else English', () => {
    expect(browserLocale(['zh-TW', 'en'])).toBe('zh');
    expect(browserLocale(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLocale(['fr-FR'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});
