/**
 * One Chinese term per concept, so the course reads as one textbook. `avoid` lists the other renderings that crept
 * in; tests/lessons/glossary.test.ts flags any of them in the Chinese text of the lessons, the guide and the
 * interface. The summary lesson shows this table to students.
 */
export interface GlossaryEntry {
  /** The English term, as the English side uses it. */
  readonly en: string;
  /** The one Chinese term the course uses. */
  readonly zh: string;
  /** Renderings the Chinese text must not use (each a pattern over the Chinese text). */
  readonly avoid: readonly RegExp[];
  /** Why this choice, when a reader might expect another (shown in the summary's glossary). */
  readonly note?: { readonly en: string; readonly zh: string };
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    en: 'the lab (the page with the live computation)',
    zh: '实验台',
    // The product's name, 注意力实验室, stays a name.
    avoid: [/(?<!注意力)实验室/],
    note: { en: 'The app itself is called 注意力实验室 (Attention Lab); the page you experiment on is 实验台.', zh: '应用本身叫“注意力实验室”；做实验的那个页面叫“实验台”。' },
  },
  { en: 'score (q·k before softmax)', zh: '得分', avoid: [/分数/] },
  { en: 'key/value head (grouped-query attention)', zh: '键/值头', avoid: [/键[–—-]值头/] },
  { en: 'stack (of encoder or decoder blocks)', zh: '堆叠', avoid: [/[一两每这][个组]?叠(?!加)/] },
  { en: 'one-hot', zh: '独热', avoid: [/(?<!独热（)one-hot/i] },
  { en: 'residual connection (skip connection)', zh: '残差连接', avoid: [/跳连/, /跳跃连接/] },
  { en: 'widget (an interactive figure in a lesson)', zh: '组件', avoid: [/小组件/] },
  { en: 'et al.', zh: '等人', avoid: [/[A-Z][a-z]+ ?等(?!人)[（(，,。、；]/] },
  { en: 'quotation marks', zh: '“……”', avoid: [/[「」『』]/] },
  { en: 'walkthrough (the step-by-step view of one computation)', zh: '分步讲解', avoid: [/逐步演示/, /逐步讲解/] },
  {
    en: 'attention sink',
    zh: '注意力吸收点',
    avoid: [/(?<!“)注意力汇聚点/],
    note: {
      en: 'Not 注意力汇聚点: the Chinese edition of Dive into Deep Learning uses 注意力汇聚 for attention pooling, a different idea.',
      zh: '不用“注意力汇聚点”：《动手学深度学习》中文版用“注意力汇聚”指 attention pooling，那是另一个概念。',
    },
  },
  {
    en: 'mask',
    zh: '掩码',
    // Allowed only quoted, where lesson 4 names the other translation once.
    avoid: [/(?<!“)掩蔽/],
    note: { en: 'The Chinese edition of Dive into Deep Learning says 掩蔽; this course says 掩码 throughout.', zh: '《动手学深度学习》中文版译作“掩蔽”；本课程统一用“掩码”。' },
  },
];
