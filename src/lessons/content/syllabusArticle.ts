import type { Source } from '../types';

/**
 * The article the course's syllabus follows (../shared/seed/), named wherever a lesson refers to it, so a student who
 * has never seen it knows what "the article" is. Its title is given as the copy the syllabus was built from has it;
 * no address is given because that copy carries none.
 */
export const SYLLABUS_ARTICLE: Source = {
  label: 'Analytics Vidhya, Data Science Blogathon: 使用多头注意力机制理解注意力机制 (understanding attention through multi-head attention) — the article this course’s syllabus follows',
};
