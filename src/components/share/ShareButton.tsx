import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { textFitsUrl, URL_LIMITS } from '../../state/urlState';
import { currentShareUrl } from '../../state/urlSync';
import './share.css';

export interface ShareButtonProps {
  /** The URL to copy; by default the one that reproduces the current view (currentShareUrl()). */
  readonly getUrl?: () => string;
  /** How long "Link copied" stays, in ms (default 4000). */
  readonly confirmMs?: number;
}

type Status = 'idle' | 'copied' | 'manual';

/** document.execCommand('copy') on the current selection: deprecated, but the only fallback without the async clipboard. */
function legacyCopy(): boolean {
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
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
  const [status, setStatus] = useState<Status>('idle');
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const confirm = (next: Status): void => {
    setStatus(next);
    clearTimeout(timer.current);
    if (next === 'copied') timer.current = setTimeout(() => setStatus('idle'), confirmMs);
  };

  const copy = async (): Promise<void> => {
    const url = getUrl();
    try {
      if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) throw new Error('no async clipboard');
      await navigator.clipboard.writeText(url);
      setManualUrl(null);
      confirm('copied');
    } catch {
      flushSync(() => setManualUrl(url));
      input.current?.focus();
      input.current?.select();
      confirm(legacyCopy() ? 'copied' : 'manual');
    }
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
