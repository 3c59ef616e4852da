/*
 * How long the links the app writes may get, counted in characters of the encoded link (what travels: 1 Chinese
 * character is 9, "%E6%88%91"). Many servers and proxies refuse a request line over 8 KB (HTTP 414 / 431;
 * `vite preview` above ~16 KB), so every link stays under 8,192 characters:
 *
 *   origin + path (≤ ~270)  +  '?' + lab settings (≤ maxQueryLength) + an embed's own options (≤ ~120)
 *                                                                      +  hash (≤ maxHashLength)
 *
 * Only origin + path is outside the app's hands; a copy served from a path longer than ~270 characters can exceed
 * the total by that much.
 */
export const URL_BUDGET = {
  /** The whole link: address bar, "Copy link", embed link, custom-element snippet. */
  maxLinkLength: 8192,
  /** The lab settings' query string (settingsToQuery), without '?'. */
  maxQueryLength: 6800,
  /** A hash the app writes (the playground's settings) or carries into a shared link; a longer one is left out. */
  maxHashLength: 1000,
} as const;
