import { defineMessages } from '../../i18n/defineMessages';

/** Interface text of the trained-model-lab lesson widget. Keys start with 'lw.trained.'. */
export const trainedWidgetMessages = defineMessages(
  {
    'lw.trained.intro': 'This widget runs the trained language model (2 layers × 4 heads) on the lab’s sentence. It is tiny, so its predictions are often wrong.',
    'lw.trained.example.plain': 'Use the example sentence',
    'lw.trained.example.repeatEn': 'Use the repeated phrase',
    'lw.trained.example.repeatZh': 'Use the repeated Chinese name',
    'lw.trained.example.nextWord': 'Use the “New …” sentence',
    'lw.trained.exampleNote': 'An example sets the sentence and turns every head back on.',
    'lw.trained.waiting': 'The next-token predictions appear here once the trained model has loaded; until then the heads below are the untrained model’s.',
    'lw.trained.heads.legend': 'Heads on (untick one to switch it off)',
    'lw.trained.heads.layer': 'Layer {n}',
    'lw.trained.heads.head': 'H{n}',
    // Starts with the checkbox's visible label (lw.trained.heads.head): label in name, WCAG 2.5.3.
    'lw.trained.heads.toggle': 'H{head}: head {head} of layer {layer} on',
    'lw.trained.heads.allOn': 'All heads on',
    'lw.trained.heads.hint': 'A head switched off adds nothing: its slice of the concatenation is zeros before W_O. The predictions then read “before → after”.',
  },
  {
    'lw.trained.intro': '这个组件在实验台的句子上运行训练好的语言模型（2 层 × 4 个头）。模型很小，所以它的预测经常是错的。',
    'lw.trained.example.plain': '使用示例句子',
    'lw.trained.example.repeatEn': '使用重复的短语',
    'lw.trained.example.repeatZh': '使用重复的中文名字',
    'lw.trained.example.nextWord': '使用“New …”这句',
    'lw.trained.exampleNote': '示例会设置句子，并把所有头重新打开。',
    'lw.trained.waiting': '训练好的模型加载完成后，这里会显示下一个词元的预测；在那之前，下面的头属于未训练的模型。',
    'lw.trained.heads.legend': '启用的头（取消勾选即可关掉一个头）',
    'lw.trained.heads.layer': '第 {n} 层',
    'lw.trained.heads.head': '头 {n}',
    'lw.trained.heads.toggle': '头 {head}：开启第 {layer} 层的第 {head} 个头',
    'lw.trained.heads.allOn': '打开所有头',
    'lw.trained.heads.hint': '被关掉的头不再贡献任何东西：它在拼接结果中的那一段在乘 W_O 之前变为 0。预测随后显示为“之前 → 之后”。',
  },
);
