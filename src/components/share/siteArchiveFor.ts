import type { MessageKey } from '../../i18n/catalog';
import { translate, type Params } from '../../i18n/translate';
import { buildSiteArchive, type FetchedSiteFile } from './siteArchive';
import { localElementSnippet, sitePage, type SiteTarget } from './sitePage';
import { siteReadme } from './siteReadme';

/** The archive for `target` from the fetched files: the example page in the target's language. */
export function siteArchiveFor(target: SiteTarget, fetched: Readonly<Record<FetchedSiteFile, Uint8Array>>, modified: Date): Uint8Array<ArrayBuffer> {
  const say = (key: MessageKey, params?: Params): string => translate(target.locale, key, params);
  const page = sitePage({
    locale: target.locale,
    snippet: localElementSnippet(target, say('share.download.page.fallback')),
    title: say('share.download.page.title', { widget: say(`share.embed.widget.${target.widget}`) }),
    intro: say('share.download.page.intro'),
    widgetHeading: say('share.download.page.widgetHeading'),
    copyHeading: say('share.download.page.copyHeading'),
    copy: say('share.download.page.copy'),
    labLabel: say('share.download.page.lab'),
    labUrl: target.base,
  });
  return buildSiteArchive({ fetched, page, readme: siteReadme(), modified });
}
