import { catalogs, type MessageKey } from '../i18n/catalog';
import { useT } from '../i18n/translate';
import { useUi } from '../state/uiStore';
import { POST_LN_STEPS } from '../state/walkthroughStore';
import { truncateLabel } from '../components/heatmap/heatmapModel';
import { fillTemplate, NOTICE_VALUE_PREVIEW } from '../components/share/UrlNotices';
import { EMBED_CONTROLS, EMBED_WIDGETS } from '../shared/embedContract';
import type { EmbedNotice } from './parseEmbedQuery';
import '../components/share/share.css';

export interface EmbedNoticesProps {
  readonly notices: readonly EmbedNotice[];
  readonly onDismiss: (index: number) => void;
}

const preview = (value: string): string => truncateLabel(value, NOTICE_VALUE_PREVIEW);

/** The message that says what went wrong with an embed parameter (one per parameter and reason code). */
export function embedNoticeKey(n: EmbedNotice): MessageKey {
  if (n.reason === 'repeated') return 'embed.notice.repeated';
  // Locks are the one embed list with a range: the controls shown.
  if (n.param === 'lock') return n.reason === 'out-of-range' ? 'embed.notice.lock.out-of-range' : 'embed.notice.lock.invalid';
  return `embed.notice.${n.param}.invalid`;
}

function knownIds(n: EmbedNotice): string {
  if (n.param === 'widget') return EMBED_WIDGETS.join(', ');
  if (n.param === 'step') return POST_LN_STEPS.join(', ');
  return EMBED_CONTROLS.join(', ');
}

/**
 * The embed parameters (widget, step, controls, lock) the link got wrong, each with what is used instead; styled
 * and dismissed like the lab's own URL notices. The link's values go in as text nodes only.
 */
export function EmbedNotices({ notices, onDismiss }: EmbedNoticesProps) {
  const t = useT();
  const locale = useUi((s) => s.locale);
  if (notices.length === 0) return null;
  return (
    <div className="url-notices ev-notices" role="status" aria-label={t('embed.notices.label')}>
      <ul>
        {notices.map((n, i) => (
          <li key={`${n.param}-${n.reason}-${i}`} className="url-notice">
            <span className="url-notice-text">
              {fillTemplate(catalogs[locale][embedNoticeKey(n)], {
                param: <code className="url-notice-param">{n.param}</code>,
                value: <code className="url-notice-value">{preview(n.value)}</code>,
                fallback: <code>{preview(n.fallback)}</code>,
                known: <code>{knownIds(n)}</code>,
              })}
            </span>
            <button type="button" className="url-notice-dismiss" aria-label={t('url.dismiss')} title={t('url.dismiss')} onClick={() => onDismiss(i)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
