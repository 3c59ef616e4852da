/** A feature's interface text in both languages; `zh` must have exactly the keys of `en` (checked by the type). */
export interface MessagePair<K extends string> {
  readonly en: Readonly<Record<K, string>>;
  readonly zh: Readonly<Record<K, string>>;
}

export function defineMessages<const E extends Record<string, string>>(en: E, zh: Record<keyof E & string, string>): MessagePair<keyof E & string> {
  return { en, zh };
}
