import { useT } from '../../i18n/translate';
import { shownToken } from './tokenText';

export interface TokenNameProps {
  /** The model's label for the token (CausalLmModel.tokenLabel): " cat", "<|endoftext|>", "byte E4". */
  readonly label: string;
}

/**
 * One token as a student reads it: text in quotes with its spaces visible ("␣cat"), "end of text" for the special
 * token, "byte E4" for a lone byte. One line; a long token is cut with "…", its full text in the title.
 */
export function TokenName({ label }: TokenNameProps) {
  const t = useT();
  const shown = shownToken(label);
  if (shown.kind === 'endOfText') {
    return (
      <span className="predictions__token predictions__token--special" title={t('predictions.endOfTextTitle')}>
        {t('predictions.endOfText')}
      </span>
    );
  }
  if (shown.kind === 'byte') {
    return (
      <span className="predictions__token predictions__token--special" title={t('predictions.byteTitle', { label: shown.label })}>
        {shown.label}
      </span>
    );
  }
  const quoted = t('predictions.quoted', { token: shown.text });
  return (
    <span className="predictions__token" title={shown.whitespace ? `${quoted} — ${t('predictions.whitespace')}` : quoted}>
      {quoted}
    </span>
  );
}

/** The label as plain text, the way TokenName shows it (for sentences and option labels). */
export function useTokenText(): (label: string) => string {
  const t = useT();
  return (label) => {
    const shown = shownToken(label);
    if (shown.kind === 'endOfText') return t('predictions.endOfText');
    if (shown.kind === 'byte') return shown.label;
    return t('predictions.quoted', { token: shown.text });
  };
}
