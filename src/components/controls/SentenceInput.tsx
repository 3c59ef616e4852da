import { useId } from 'react';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';

/** Longest text kept in the box; the tokenizer still caps the computation at MAX_TOKENS. */
export const MAX_TEXT_LENGTH = 20000;

export function SentenceInput() {
  const t = useT();
  const id = useId();
  const text = useLab((s) => s.text);
  const set = useLab((s) => s.set);
  return (
    <div className="sentence">
      <label htmlFor={id}>{t('input.label')}</label>
      <textarea id={id} value={text} rows={2} maxLength={MAX_TEXT_LENGTH} spellCheck={false} onChange={(e) => set({ text: e.target.value })} />
    </div>
  );
}
