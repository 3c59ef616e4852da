import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { textFitsUrl, URL_LIMITS } from '../../state/urlState';
import { currentShareUrl } from '../../state/urlSync';
import { useCopy } from './useCopy';
import './share.css';

export interface ShareButtonProps {
  /** The URL to copy; by default the one that reproduces the current view (currentShareUrl()). */
  readonly getUrl?: () => string;
  /** How long "Link copied" stays, in ms (default 4000). */
  readonly confirmMs?: number;
}

/**
 * Copies the link to the current view. Uses the async clipboard; where that is missing or refused (plain http,
 * permissions), shows the link in a read-only input, selects it and tries the legacy copy command, else asks
 * the student to press Ctrl+C. The outcome is announced through an aria-live region.
 */
export function ShareButton({ getUrl = currentShareUrl, confirmMs = 4000 }: ShareButtonProps) {
  const t = useT();
  const inputId = useId();
  const fits = useLab((s) => textFitsUrl(s.text));
  const { status, copy: copyText } = useCopy(confirmMs);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const copy = async (): Promise<void> => {
    const url = getUrl();
    let revealed = false;
    await copyText(url, () => {
      revealed = true;
      flushSync(() => setManualUrl(url));
      return input.current;
    });
    // Copied through the async clipboard: a field left from an earlier fallback goes.
    if (!revealed) setManualUrl(null);
  };

  return (
    <div className="share">
      <button type="button" className="share-button" title={t('share.description')} onClick={() => void copy()}>
        {t('share.button')}
      </button>
      <span className="share-status" aria-live="polite" aria-atomic="true">
        {status === 'copied' ? t('share.copied') : status === 'manual' ? t('share.manual') : ''}
      </span>
      {!fits && <p className="share-hint">{t('share.textTooLong', { limit: URL_LIMITS.maxTextLength })}</p>}
      {manualUrl !== null && (
        <span className="share-manual">
          <label htmlFor={inputId}>{t('share.urlLabel')}</label>
          <input id={inputId} ref={input} type="text" readOnly value={manualUrl} onFocus={(e) => e.currentTarget.select()} />
        </span>
      )}
    </div>
  );
}
