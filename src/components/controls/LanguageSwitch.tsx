import { useT } from '../../i18n/translate';
import { LOCALES } from '../../state/locale';
import { useUi } from '../../state/uiStore';


export function LanguageSwitch() {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const setLocale = useUi((s) => s.setLocale);
  return (
    <div className="language-switch" role="group" aria-label={t('lang.label')}>
      {LOCALES.map((l) => (
        <button key={l} type="button" lang={l === 'zh' ? 'zh-CN' : 'en'} aria-pressed={l === locale} onClick={() => setLocale(l)}>
          {t(`lang.${l}`)}
        </button>
      ))}
    </div>
  );
}
