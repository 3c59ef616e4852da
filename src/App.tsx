import { useEffect } from 'react';
import { AttentionOverview } from './components/AttentionOverview';
import { LanguageSwitch } from './components/controls/LanguageSwitch';
import { MaskControls } from './components/controls/MaskControls';
import { SentenceInput } from './components/controls/SentenceInput';
import { SettingsPanel } from './components/controls/SettingsPanel';
import { translate, useT } from './i18n/translate';
import { useUi } from './i18n/uiStore';

export function App() {
  const t = useT();
  const locale = useUi((s) => s.locale);
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    document.title = translate(locale, 'app.title');
  }, [locale]);
  return (
    <main className="app">
      <header className="app-header">
        <div>
          <h1>{t('app.title')}</h1>
          <p className="lede">{t('app.lede')}</p>
        </div>
        <LanguageSwitch />
      </header>
      <SentenceInput />
      <SettingsPanel />
      <MaskControls />
      <AttentionOverview />
    </main>
  );
}
