import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useT } from '../../i18n/translate';
import { currentShareUrl } from '../../state/url/urlSync';
import { CopyStatusMessage } from './CopyStatusMessage';
import { LinkCutHint } from './LinkCutHint';
import { useCopy } from './useCopy';
import { useLinkCut } from './useLinkCut';
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
 * the student to press Ctrl+C. The outcome is announced through an aria-live region. When the link cannot carry
 * the whole view (it is held under 8 KB), a hint says what it leaves out.
 */
export function ShareButton({ getUrl = currentShareUrl, confirmMs = 4000 }: ShareButtonProps) {
  const t = useT();
  const inputId = useId();
  const cut = useLinkCut();
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
      <CopyStatusMessage status={status} copied={t('share.copied')} manual={t('share.manual')} />
      <LinkCutHint parts={cut} />
      {manualUrl !== null && (
        <span className="share-manual">
          <label htmlFor={inputId}>{t('share.urlLabel')}</label>
          <input id={inputId} ref={input} type="text" readOnly value={manualUrl} onFocus={(e) => e.currentTarget.select()} />
        </span>
      )}
    </div>
  );
}
