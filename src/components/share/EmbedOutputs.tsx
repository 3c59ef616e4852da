import { useId, useRef } from 'react';
import { useT } from '../../i18n/translate';
import { useCopy, type CopyStatus } from './useCopy';

export interface EmbedOutputsProps {
  readonly url: string;
  readonly snippet: string;
  readonly elementSnippet: string;
  /** The plain link to the full lab in this view. */
  readonly appUrl: string;
  /** How long "copied" stays, in ms. */
  readonly confirmMs?: number;
}

const selectAll = (e: { readonly currentTarget: HTMLInputElement | HTMLTextAreaElement }): void => e.currentTarget.select();

/** Rows for a code text, roughly (it wraps at about 60 characters in the dialog), 4 … 12. */
const rowsFor = (text: string): number => Math.min(12, Math.max(4, text.split('\n').reduce((n, line) => n + Math.ceil((line.length + 1) / 60), 0)));

/** The embed link, the HTML snippet (copy), the custom-element alternative and the link to the full lab (copy). */
export function EmbedOutputs({ url, snippet, elementSnippet, appUrl, confirmMs }: EmbedOutputsProps) {
  const t = useT();
  const id = useId();
  const snippetField = useRef<HTMLTextAreaElement>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const snippetCopy = useCopy(confirmMs);
  const linkCopy = useCopy(confirmMs);
  const statusText = (status: CopyStatus, copied: string, manual: string): string => (status === 'copied' ? copied : status === 'manual' ? manual : '');

  return (
    <div className="embed-outputs">
      <label className="embed-field" htmlFor={`${id}-url`}>
        {t('share.embed.url')}
        <input id={`${id}-url`} className="embed-code" type="text" readOnly value={url} onFocus={selectAll} />
      </label>
      <label className="embed-field" htmlFor={`${id}-snippet`}>
        {t('share.embed.snippet')}
        <textarea id={`${id}-snippet`} ref={snippetField} className="embed-code" readOnly rows={rowsFor(snippet)} value={snippet} onFocus={selectAll} spellCheck={false} />
      </label>
      <div className="embed-copy">
        <button type="button" className="share-button" onClick={() => void snippetCopy.copy(snippet, () => snippetField.current)}>
          {t('share.embed.copySnippet')}
        </button>
        <span className="share-status" aria-live="polite" aria-atomic="true">
          {statusText(snippetCopy.status, t('share.embed.snippetCopied'), t('share.embed.snippetManual'))}
        </span>
      </div>
      <details className="embed-element">
        <summary>{t('share.embed.element')}</summary>
        <p className="embed-hint">{t('share.embed.elementHint')}</p>
        <p className="embed-hint">{t('share.embed.elementHosting')}</p>
        <textarea aria-label={t('share.embed.element')} className="embed-code" readOnly rows={rowsFor(elementSnippet)} value={elementSnippet} onFocus={selectAll} spellCheck={false} />
      </details>
      <label className="embed-field" htmlFor={`${id}-link`}>
        {t('share.embed.appLink')}
        <input id={`${id}-link`} ref={linkField} className="embed-code" type="text" readOnly value={appUrl} onFocus={selectAll} />
      </label>
      <div className="embed-copy">
        <button type="button" className="share-button" onClick={() => void linkCopy.copy(appUrl, () => linkField.current)}>
          {t('share.embed.copyLink')}
        </button>
        <span className="share-status" aria-live="polite" aria-atomic="true">
          {statusText(linkCopy.status, t('share.copied'), t('share.embed.linkManual'))}
        </span>
      </div>
    </div>
  );
}
