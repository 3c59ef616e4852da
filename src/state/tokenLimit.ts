import { createContext, useContext } from 'react';
import { MAX_TOKENS } from '../engine';

/*
 * How many tokens of the text the views below compute. The lab computes up to the engine's MAX_TOKENS; an embed
 * (which lives in someone else's page, where a blocked main thread freezes the whole course page) sets a lower
 * limit for heavy settings, and says so. Provided per subtree, so each custom element on a page has its own.
 */
export const TokenLimitContext = createContext<number>(MAX_TOKENS);

export const useTokenLimit = (): number => useContext(TokenLimitContext);
