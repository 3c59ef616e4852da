import { useEffect } from 'react';
import { translate } from '../i18n/translate';
import { useUi } from '../state/uiStore';
import type { ParsedEmbedQuery } from './parseEmbedQuery';
import { EmbedView } from './EmbedView';

/** The embed page's root: the document's language and title, and the one EmbedView the link describes. */
export function EmbedApp({ parsed }: { readonly parsed: ParsedEmbedQuery }) {
  const locale = useUi((s) => s.locale);
  const widget = parsed.options.widget;
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    document.title = translate(locale, 'embed.title', { widget: translate(locale, `embed.widget.${widget}`) });
  }, [locale, widget]);
  return (
    <main className="ev-page">
      <EmbedView options={parsed.options} notices={parsed.notices} />
    </main>
  );
}
