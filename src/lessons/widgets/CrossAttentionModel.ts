/** The example pair: an English source and its Chinese translation as the target (7 × 6 weights). */
export const DEFAULT_SOURCE = 'The weather is nice today.';
export const DEFAULT_TARGET = '今天天气很好。';
