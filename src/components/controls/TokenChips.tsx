import type { Token } from '../../engine';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';

/** The tokens as chips, numbered from 1 as everywhere on screen (the URL and the engine count from 0); in padding mode each chip is a toggle that marks the token as padding. */
export function TokenChips({ tokens }: { readonly tokens: readonly Token[] }) {
  const t = useT();
  const maskMode = useLab((s) => s.maskMode);
  const padding = useLab((s) => s.paddingTokens);
  const togglePadding = useLab((s) => s.togglePadding);
  const editable = maskMode === 'padding';
  return (
    <ol className={`tokens${editable ? ' editable' : ''}`} aria-label={t('tokens.label')}>
      {tokens.map((token, i) => {
        const isPadding = editable && padding.includes(i);
        // "2 The": the space keeps the number and the word apart for checkers that join text nodes as they are, so the
        // toggle's name ("Token 2 “The”: …") contains what the chip shows (label in name, WCAG 2.5.3).
        const content = (
          <>
            <span className="token-index" aria-hidden="true">
              {i + 1}
            </span>{' '}
            {token.text}
          </>
        );
        return (
          <li key={i} className={`token${isPadding ? ' padding' : ''}`}>
            {editable ? (
              <>
                <button type="button" aria-pressed={isPadding} aria-label={t('tokens.padding.toggle', { index: i + 1, text: token.text })} onClick={() => togglePadding(i)}>
                  {content}
                </button>
                {/* Beside the toggle, not in it: aria-pressed says the state, and the toggle keeps one name, pressed or not. */}
                {isPadding && <span className="token-flag">{t('tokens.padding.on')}</span>}
              </>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ol>
  );
}
