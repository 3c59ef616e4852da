import { LESSON_SLUGS, type Lesson, type LessonSlug } from '../types';
import { whatIsAttention } from './what-is-attention';
import { queriesKeysValues } from './queries-keys-values';
import { scaledDotProduct } from './scaled-dot-product';
import { masking } from './masking';
import { multiHead } from './multi-head';
import { implementation } from './implementation';
import { transformerBlock } from './transformer-block';
import { otherAttention } from './other-attention';
import { position } from './position';
import { readingAttentionMaps } from './reading-attention-maps';
import { summary } from './summary';
import { decoding } from './decoding';

/** The course, in order (the same order as LESSON_SLUGS; a test checks it). */
export const LESSONS: readonly Lesson[] = [whatIsAttention, queriesKeysValues, scaledDotProduct, masking, multiHead, implementation, transformerBlock, otherAttention, position, readingAttentionMaps, summary, decoding];

export function lessonBySlug(slug: string): Lesson | undefined {
  return LESSONS.find((l) => l.slug === slug);
}

export function lessonIndex(slug: LessonSlug): number {
  return LESSON_SLUGS.indexOf(slug);
}
