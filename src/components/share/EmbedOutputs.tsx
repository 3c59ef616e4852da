import { useId, useRef, type RefObject } from 'react';
import { useT } from '../../i18n/translate';
import { CopyStatusMessage } from './CopyStatusMessage';
import { DownloadForSite } from './DownloadForSite';
import { useCopy } from './useCopy';

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
  const urlField = useRef<HTMLInputElement>(null);
  const snippetField = useRef<HTMLTextAreaElement>(null);
  const elementField = useRef<HTMLTextAreaElement>(null);
  const linkField = useRef<HTMLInputElement>(null);

  return (
    <div className="embed-outputs">
      <label className="embed-field" htmlFor={`${id}-url`}>
        {t('share.embed.url')}
        <input id={`${id}-url`} ref={urlField} className="embed-code" type="text" readOnly value={url} onFocus={selectAll} />
      </label>
      <CopyRow text={url} field={urlField} label={t('share.embed.copyUrl')} copied={t('share.embed.urlCopied')} manual={t('share.embed.linkManual')} confirmMs={confirmMs} />
      <label className="embed-field" htmlFor={`${id}-snippet`}>
        {t('share.embed.snippet')}
        <textarea id={`${id}-snippet`} ref={snippetField} className="embed-code" readOnly rows={rowsFor(snippet)} value={snippet} onFocus={selectAll} spellCheck={false} />
      </label>
      <CopyRow
        text={snippet}
        field={snippetField}
        label={t('share.embed.copySnippet')}
        copied={t('share.embed.snippetCopied')}
        manual={t('share.embed.snippetManual')}
        confirmMs={confirmMs}
      />
      <details className="embed-element">
        <summary>{t('share.embed.element')}</summary>
        <p className="embed-hint">{t('share.embed.elementHint')}</p>
        <p className="embed-hint">{t('share.embed.elementHosting')}</p>
        <textarea aria-label={t('share.embed.element')} ref={elementField} className="embed-code" readOnly rows={rowsFor(elementSnippet)} value={elementSnippet} onFocus={selectAll} spellCheck={false} />
        <CopyRow
          text={elementSnippet}
          field={elementField}
          label={t('share.embed.copyElement')}
          copied={t('share.embed.elementCopied')}
          manual={t('share.embed.snippetManual')}
          confirmMs={confirmMs}
        />
        <DownloadForSite embedLink={url} />
      </details>
      <label className="embed-field" htmlFor={`${id}-link`}>
        {t('share.embed.appLink')}
        <input id={`${id}-link`} ref={linkField} className="embed-code" type="text" readOnly value={appUrl} onFocus={selectAll} />
      </label>
      <CopyRow
        text={appUrl}
        field={linkField}
        label={t('share.embed.copyLink')}
        copied={t('share.copied')}
        manual={t('share.embed.linkManual')}
        confirmMs={confirmMs}
      />
    </div>
  );
}

interface CopyRowProps {
  readonly text: string;
  /** The field showing `text`: selected for a manual copy when the clipboard refuses. */
  readonly field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  readonly label: string;
  readonly copied: string;
  readonly manual: string;
  readonly confirmMs?: number;
}

/** A copy button for one of the fields above, with its own announced outcome; the button itself says "Copied" for a while. */
function CopyRow({ text, field, label, copied, manual, confirmMs }: CopyRowProps) {
  const t = useT();
  const { status, copy } = useCopy(confirmMs);
  return (
    <div className="embed-copy">
      <button type="button" className="share-button" data-copied={status === 'copied'} onClick={() => void copy(text, () => field.current)}>
        {status === 'copied' ? t('share.embed.copiedButton') : label}
      </button>
      <CopyStatusMessage status={status} copied={copied} manual={manual} />
    </div>
  );
}
