import { translate } from '../../i18n/translate';
import { LOCALES, type Locale } from '../../state/locale';

/*
 * README.txt of the "Download for your site" archive, in every interface language at once: the instructor who
 * unpacks it may not be the one who chose the dialog's language. CRLF line ends, so every text editor shows lines.
 */

const PARAGRAPHS = [
  'share.download.readme.upload',
  'share.download.readme.together',
  'share.download.readme.open',
  'share.download.readme.copy',
  'share.download.readme.cors',
] as const;

function readmeIn(locale: Locale): string {
  const title = translate(locale, 'share.download.readme.title');
  // The underline counts code points; a CJK title is wider on screen, so it is doubled there.
  const width = Array.from(title).length * (locale === 'zh' ? 2 : 1);
  return [title, '='.repeat(width), '', ...PARAGRAPHS.flatMap((key) => [translate(locale, key), ''])].join('\r\n');
}

export function siteReadme(): string {
  return LOCALES.map(readmeIn).join('\r\n');
}
