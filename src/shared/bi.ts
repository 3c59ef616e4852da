/**
 * Text in both interface languages. Lessons and the guide write their content as `Bi` values: one cannot be
 * written with a language missing (the type), and the content tests fail on an empty or untranslated one.
 */
export interface Bi {
  readonly en: string;
  /** Simplified Chinese (zh-CN). */
  readonly zh: string;
}
