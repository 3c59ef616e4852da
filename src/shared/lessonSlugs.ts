/**
 * The twelve lessons, in course order. The slug is the route (#/lessons/<slug>), so the router (./route.ts) and
 * the lessons both need it; it lives here, below both.
 */
export const LESSON_SLUGS = [
  'what-is-attention',
  'queries-keys-values',
  'scaled-dot-product',
  'masking',
  'multi-head',
  'implementation',
  'transformer-block',
  'other-attention',
  'position',
  'reading-attention-maps',
  'summary',
  'decoding',
] as const;
export type LessonSlug = (typeof LESSON_SLUGS)[number];
