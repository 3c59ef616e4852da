import type { Token } from '../engine';

export function TokenChips({ tokens }: { readonly tokens: readonly Token[] }) {
  return (
    <ol className="tokens" aria-label="Tokens">
      {tokens.map((t, i) => (
        <li key={i} className="token">
          <span className="token-index">{i}</span>
          {t.text}
        </li>
      ))}
    </ol>
  );
}
