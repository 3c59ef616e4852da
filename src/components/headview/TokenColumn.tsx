import { memo, useCallback, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/translate';
import { useSideOverflow } from '../../shared/useSideOverflow';
import { headStroke } from './headColors';
import type { TokenFocus, TokenSide } from '../../models/pipeline/headLines';

/** Handlers shared by every token button; keep them stable (useCallback) so unchanged rows skip re-rendering. */
export interface TokenHandlers {
  readonly onPointer: (focus: TokenFocus | null) => void;
  /** Keyboard focus moved to a token (or left it). */
  readonly onFocusToken: (focus: TokenFocus | null) => void;
  /** A mouse button went down on a token: the focus that follows is the pointer's, not the keyboard's. */
  readonly onPress: () => void;
  readonly onPin: (focus: TokenFocus) => void;
  readonly onKey: (side: TokenSide, index: number, event: KeyboardEvent<HTMLButtonElement>) => void;
}

export interface TokenColumnProps {
  readonly side: TokenSide;
  readonly tokens: readonly string[];
  /** The token whose lines are drawn (on either side), or null. */
  readonly shown: TokenFocus | null;
  readonly pinned: TokenFocus | null;
  /** Roving tabindex: the one token of this column reached with Tab. */
  readonly tabStop: number;
  /** When the shown token is on the other side: per token of this column, the weight per head ([token][head]); null for no bars. */
  readonly partner: readonly (readonly number[])[] | null;
  /** Heads whose weights are shown as bars beside the tokens (the active ones). */
  readonly barHeads: readonly number[];
  readonly handlers: TokenHandlers;
}

const NO_HEADS: readonly number[] = [];

/** The head view's box that scrolls sideways when the two columns and the lines are wider than the screen. */
const SIDEWAYS_SCROLLER = '.headview-diagram';

/**
 * One column of token buttons: the queries (left) or the keys (right). The key column also says when it, or the
 * query column, is scrolled out of sight (on a 375 px phone the three columns need about 370 px).
 */
export function TokenColumn({ side, tokens, shown, pinned, tabStop, partner, barHeads, handlers }: TokenColumnProps) {
  const t = useT();
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const findScroller = useCallback((list: HTMLOListElement | null) => setScroller(list?.closest<HTMLElement>(SIDEWAYS_SCROLLER) ?? null), []);
  const hidden = useSideOverflow(side === 'key' ? scroller : null);
  return (
    <>
      {(hidden.left || hidden.right) && (
        <p className="headview-scroll-hint" data-hidden-left={hidden.left} data-hidden-right={hidden.right}>
          {t('headview.scrollHint')}
        </p>
      )}
      <ol ref={side === 'key' ? findScroller : undefined} className={`headview-column headview-column--${side}`} aria-label={t(side === 'query' ? 'headview.queries' : 'headview.keys')}>
        {tokens.map((token, index) => (
          <TokenButton
            key={index}
            side={side}
            index={index}
            token={token}
            shown={shown?.side === side && shown.index === index}
            pinned={pinned?.side === side && pinned.index === index}
            tabStop={index === tabStop}
            bars={partner?.[index] ?? null}
            // Only a row with bars reads the heads: the others keep one constant, so a head toggle skips them.
            barHeads={partner?.[index] ? barHeads : NO_HEADS}
            handlers={handlers}
          />
        ))}
      </ol>
    </>
  );
}

interface TokenButtonProps {
  readonly side: TokenSide;
  readonly index: number;
  readonly token: string;
  readonly shown: boolean;
  readonly pinned: boolean;
  readonly tabStop: boolean;
  /** Weight per head to the shown token, or null. */
  readonly bars: readonly number[] | null;
  readonly barHeads: readonly number[];
  readonly handlers: TokenHandlers;
}

/** Memoised: hovering one of 512 tokens re-renders only the rows whose state changed. */
const TokenButton = memo(function TokenButton({ side, index, token, shown, pinned, tabStop, bars, barHeads, handlers }: TokenButtonProps) {
  const t = useT();
  const focus = { side, index };
  const barStrip = (
    <span className="headview-bars" aria-hidden="true">
      {bars && barHeads.map((head) => <span key={head} className="headview-bar" style={{ background: headStroke(head).color, opacity: bars[head] ?? 0 }} />)}
    </span>
  );
  return (
    <li>
      <button
        type="button"
        className={`headview-token${shown ? ' headview-token--shown' : ''}${pinned ? ' headview-token--pinned' : ''}`}
        data-side={side}
        data-index={index}
        tabIndex={tabStop ? 0 : -1}
        aria-pressed={pinned}
        aria-label={t(side === 'query' ? 'headview.queryToken' : 'headview.keyToken', { index: index + 1, token })}
        title={token}
        onMouseEnter={() => handlers.onPointer(focus)}
        onMouseLeave={() => handlers.onPointer(null)}
        onMouseDown={handlers.onPress}
        onFocus={() => handlers.onFocusToken(focus)}
        onBlur={() => handlers.onFocusToken(null)}
        onClick={() => handlers.onPin(focus)}
        onKeyDown={(e) => handlers.onKey(side, index, e)}
      >
        {side === 'key' && barStrip}
        <span className="headview-token-text">{token}</span>
        {side === 'query' && barStrip}
      </button>
    </li>
  );
});
