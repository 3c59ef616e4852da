import { elementName } from '../components/share/embedSnippet';
import { shareMessages } from '../components/share/share.messages';
import { EMBED_WIDGETS, type EmbedWidget } from '../shared/embedContract';
import type { Bi } from './types';

export interface WidgetDoc {
  readonly id: EmbedWidget;
  /** The name the embed dialog uses (share.messages.ts), so both say the same. */
  readonly name: Bi;
  readonly use: Bi;
  /** The custom element's tag name. */
  readonly element: string;
}

/** When to use each widget; keyed by the id, so a new widget needs a line. */
const USES: Readonly<Record<EmbedWidget, Bi>> = {
  heatmap: {
    en: 'The weights of one head (`layer`, `head`) as a query × key grid; hover or use the arrow keys to read a cell.',
    zh: '一个头（`layer`、`head`）的权重，画成“查询 × 键”网格；悬停或用方向键读出单元格的值。',
  },
  'heads-grid': {
    en: 'Small heatmaps of every head in every layer, to compare what the heads do.',
    zh: '每一层每个头的小热力图，用来比较各个头的作用。',
  },
  'head-view': {
    en: 'Lines from each token to the tokens it attends to, per head, with heads switchable on and off.',
    zh: '从每个词元连向它所关注的词元的连线，按头显示，可以开关各个头。',
  },
  'walkthrough-step': {
    en: 'One step of the stepwise walkthrough (`step`), with its formula and matrices for your sentence.',
    zh: '分步讲解中的一步（`step`），带有针对你的句子的公式和矩阵。',
  },
  'sqrt-dk': {
    en: 'The experiment on why scores are divided by √d_k before the softmax.',
    zh: '关于为什么在 softmax 之前要把得分除以 √d_k 的实验。',
  },
  residual: {
    en: 'The experiment on what residual connections do when many attention layers are stacked.',
    zh: '关于堆叠很多注意力层时残差连接起什么作用的实验。',
  },
  predictions: {
    en: 'The trained language model’s top 5 next tokens after a chosen position (`at`); with `controls=heads`, students switch heads off and read “before → after”.',
    zh: '训练好的语言模型在所选位置（`at`）之后的前 5 个候选词元；加上 `controls=heads`，学生可以关掉某些头，读出“之前 → 之后”。',
  },
  generation: {
    en: 'The trained language model writing on from the sentence (`text`), greedily or at a temperature with a seed, step by step with each step’s attention.',
    zh: '训练好的语言模型接着句子（`text`）往下写，可以贪心解码，也可以按温度和种子采样，逐步显示，并画出每一步的注意力。',
  },
};

export const WIDGET_DOCS: readonly WidgetDoc[] = EMBED_WIDGETS.map((id) => ({
  id,
  name: { en: shareMessages.en[`share.embed.widget.${id}`], zh: shareMessages.zh[`share.embed.widget.${id}`] },
  use: USES[id],
  element: elementName(id),
}));
