import { useId } from 'react';
import { useT, type Translate } from '../../i18n/translate';
import { SITE_ARCHIVE_NAME } from './siteArchive';
import { useSiteDownload, type SiteDownloadFailure, type SiteDownloadState } from './useSiteDownload';
import './siteDownload.css';

export interface DownloadForSiteProps {
  /** The dialog's embed link: the element snippet's attributes, the widget, the language and the app's folder. */
  readonly embedLink: string;
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

function failureText(t: Translate, failure: SiteDownloadFailure): string {
  switch (failure.kind) {
    case 'file-protocol':
      return t('share.download.failed.fileProtocol', { file: failure.file });
    case 'network':
      return t('share.download.failed.network', { file: failure.file, url: failure.url });
    case 'status':
      return t('share.download.failed.status', { file: failure.file, url: failure.url, status: failure.status });
    case 'page':
      return t('share.download.failed.page', { file: failure.file, url: failure.url });
    case 'pack':
      return t('share.download.failed.pack', { reason: failure.reason });
  }
}

function statusText(t: Translate, state: SiteDownloadState): string {
  switch (state.phase) {
    case 'fetching': {
      const p = state.progress;
      return p.total === null
        ? t('share.download.fetchingUnknown', { file: p.file, received: mb(p.received) })
        : t('share.download.fetching', { file: p.file, received: mb(p.received), total: mb(p.total) });
    }
    case 'packing':
      return t('share.download.packing', { name: SITE_ARCHIVE_NAME });
    case 'saved':
      return t('share.download.saved', { name: SITE_ARCHIVE_NAME });
    default:
      return '';
  }
}

/**
 * "Download for your site" in the Embed dialog's custom-element section: one zip with the widgets script, the
 * trained model and an example page, for course sites on another host (a cross-origin module script needs CORS).
 */
export function DownloadForSite({ embedLink }: DownloadForSiteProps) {
  const t = useT();
  const hintId = useId();
  const { state, start } = useSiteDownload(embedLink);
  const busy = state.phase === 'fetching' || state.phase === 'packing';
  const total = state.phase === 'fetching' ? state.progress.total : null;

  return (
    <div className="site-download">
      <p id={hintId} className="embed-hint">
        {t('share.download.hint')}
      </p>
      <div className="embed-copy">
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page behind the dialog. */}
        <button type="button" className="share-button" aria-describedby={hintId} aria-disabled={busy} onClick={busy ? undefined : start}>
          {t('share.download.button')}
        </button>
        {busy && (
          <progress className="site-download__progress" aria-label={t('share.download.progress')} {...(state.phase === 'fetching' && total ? { value: state.progress.received, max: total } : {})} />
        )}
        <span className="share-status" role="status">
          {statusText(t, state)}
        </span>
      </div>
      {state.phase === 'failed' && (
        <p className="site-download__failed" role="alert">
          {failureText(t, state.failure)}
        </p>
      )}
    </div>
  );
}
