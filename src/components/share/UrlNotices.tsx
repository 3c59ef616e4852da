import { Fragment, type ReactNode } from 'react';
import { catalogs, type MessageKey } from '../../i18n/catalog';
import { useT } from '../../i18n/translate';
import { useUi } from '../../state/uiStore';
import { truncateLabel } from '../heatmap/heatmapModel';
import type { UrlNotice } from '../../state/url/urlState';
import { useUrlNotices } from '../../state/url/urlSync';
import { countingNote, shownInstead } from './noticeNumbers';
import './share.css';

/** Longest part of a refused value that is shown (a 5000-character text would drown the page). */
export const NOTICE_VALUE_PREVIEW = 80;
/** Longest part of a parameter name that is shown: an unknown one is the link's own text. */
export const NOTICE_NAME_PREVIEW = 40;

export interface UrlNoticesProps {
  /** The notices to show; by default those of the last URL read (useUrlNotices). */
  readonly notices?: readonly UrlNotice[];
  /** Called with the index of the dismissed notice; by default removes it from useUrlNotices. */
  readonly onDismiss?: (index: number) => void;
}

const preview = (value: string): string => truncateLabel(value, NOTICE_VALUE_PREVIEW);
const previewName = (name: string): string => truncateLabel(name, NOTICE_NAME_PREVIEW);

/**
 * Fills a message template with React nodes: the user's value goes in as a text node, never through markup.
 * An unknown {placeholder} stays visible, as in translate().
 */
export function fillTemplate(template: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{name !== undefined && name in nodes ? nodes[name] : part}</Fragment>;
  });
}

/**
 * Values from the link that were refused, each with what is used instead, and parameters that are not the lab's;
 * dismissible, announced politely. Every name and value from the link is cut short and goes in as text.
 */
export function UrlNotices({ notices: given, onDismiss }: UrlNoticesProps) {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const stored = useUrlNotices((s) => s.notices);
  const dismissStored = useUrlNotices((s) => s.dismiss);
  const notices = given ?? stored;
  const dismiss = onDismiss ?? dismissStored;
  if (notices.length === 0) return null;

  // For a repeated parameter the "fallback" is the link's own first value (user data, shown as code). A refused
  // layer, head or position is named as the interface counts it ("layer 1"), not as the link does ("0").
  const fallbackText = (n: UrlNotice): string => {
    if (n.reason === 'repeated') return preview(n.fallback);
    const shown = shownInstead(n, t);
    if (shown !== null) return shown;
    if (n.reason === 'unknown' || n.reason === 'unknown-more') return '';
    if (n.param === 'text') return t('url.fallback.text');
    if (n.param === 'lang') return t('url.fallback.lang');
    return n.fallback === '' ? t('url.fallback.empty') : n.fallback;
  };
  return (
    <div className="url-notices" role="status" aria-label={t('url.notices.label')}>
      <ul>
        {notices.map((n, i) => {
          const key: MessageKey = `url.notice.${n.reason}`;
          const isCode = n.reason === 'repeated' || (n.param !== 'text' && n.param !== 'lang' && n.fallback !== '' && shownInstead(n, t) === null);
          const note = countingNote(n, t);
          const text = fillTemplate(catalogs[locale][key], {
            param: <code className="url-notice-param">{previewName(n.param)}</code>,
            // 'unknown-more' has a count here, not a value from the link.
            value: n.reason === 'unknown-more' ? n.value : <code className="url-notice-value">{preview(n.value)}</code>,
            fallback: isCode ? <code>{fallbackText(n)}</code> : fallbackText(n),
          });
          return (
            <li key={`${n.reason}-${i}`} className="url-notice">
              <span className="url-notice-text">{note === null ? text : fillTemplate(catalogs[locale]['url.withNote'], { notice: text, note })}</span>
              <button type="button" className="url-notice-dismiss" aria-label={t('url.dismiss')} title={t('url.dismiss')} onClick={() => dismiss(i)}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
