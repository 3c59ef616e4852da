import type { Lesson } from '../types';

// Lesson 8. Scaffold: its prose, widgets and questions are written in this file.
export const otherAttention: Lesson = {
  slug: 'other-attention',
  title: { en: 'Other kinds of attention', zh: '其他类型的注意力' },
  summary: { en: 'Other kinds of attention.', zh: '其他类型的注意力。' },
  objectives: [],
  blocks: [],
  sources: [],
};
