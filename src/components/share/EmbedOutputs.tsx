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

/** The embed link, the HTML snippet, the custom-element alternative and the link to the full lab, each with a copy button. */
export function EmbedOutputs({ url, snippet, elementSnippet, appUrl, confirmMs }: EmbedOutputsProps) {
  const t = useT();
  return (
    <div className="embed-outputs">
      <CopyableField label={t('share.embed.url')} text={url} copy={t('share.embed.copyUrl')} copied={t('share.embed.urlCopied')} manual={t('share.embed.linkManual')} confirmMs={confirmMs} />
      <CopyableField
        label={t('share.embed.snippet')}
        text={snippet}
        multiline
        copy={t('share.embed.copySnippet')}
        copied={t('share.embed.snippetCopied')}
        manual={t('share.embed.snippetManual')}
        confirmMs={confirmMs}
      />
      <details className="embed-element">
        <summary>{t('share.embed.element')}</summary>
        <p className="embed-hint">{t('share.embed.elementHint')}</p>
        <p className="embed-hint">{t('share.embed.elementHosting')}</p>
        {/* The summary above already says what this is: the field is named by aria-label, not a visible label. */}
        <CopyableField
          label={t('share.embed.element')}
          labelHidden
          text={elementSnippet}
          multiline
          copy={t('share.embed.copyElement')}
          copied={t('share.embed.elementCopied')}
          manual={t('share.embed.snippetManual')}
          confirmMs={confirmMs}
        />
        <DownloadForSite embedLink={url} />
      </details>
      <CopyableField label={t('share.embed.appLink')} text={appUrl} copy={t('share.embed.copyLink')} copied={t('share.copied')} manual={t('share.embed.linkManual')} confirmMs={confirmMs} />
    </div>
  );
}

interface CopyableFieldProps {
  readonly label: string;
  /** Name the field by aria-label instead of a visible label around it. */
  readonly labelHidden?: boolean;
  readonly text: string;
  /** A code area (rows fitted to the text) rather than a one-line field. */
  readonly multiline?: boolean;
  /** The copy button's label, what is announced once copied, and what is said when the browser refuses. */
  readonly copy: string;
  readonly copied: string;
  readonly manual: string;
  readonly confirmMs?: number;
}

/** A read-only field showing `text`, selected on focus, and its copy button. */
function CopyableField({ label, labelHidden = false, text, multiline = false, copy, copied, manual, confirmMs }: CopyableFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const field = multiline ? (
    <textarea
      id={id}
      ref={area}
      aria-label={labelHidden ? label : undefined}
      className="embed-code"
      readOnly
      rows={rowsFor(text)}
      value={text}
      onFocus={selectAll}
      spellCheck={false}
    />
  ) : (
    <input id={id} ref={input} aria-label={labelHidden ? label : undefined} className="embed-code" type="text" readOnly value={text} onFocus={selectAll} />
  );
  return (
    <>
      {labelHidden ? (
        field
      ) : (
        <label className="embed-field" htmlFor={id}>
          {label}
          {field}
        </label>
      )}
      <CopyRow text={text} field={multiline ? area : input} label={copy} copied={copied} manual={manual} confirmMs={confirmMs} />
    </>
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

/** A copy button for one field, with its own announced outcome; the button itself says "Copied" for a while. */
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
