import type { Lesson } from '../types';

// Lesson 12: attention in the decoder, and how a Transformer generates text. (Skeleton: being written.)
export const decoding: Lesson = {
  slug: 'decoding',
  title: { en: 'Attention in the decoder, and how text is generated', zh: '解码器中的注意力与文本生成' },
  summary: { en: 'Being written.', zh: '正在编写。' },
  objectives: [],
  blocks: [],
  sources: [],
};
