import { defineMessages } from '../../i18n/defineMessages';

/** Head labels of the trained model (previous token, first token, same token, induction) and their definitions. */
export const headLabelsMessages = defineMessages(
  {
    'headLabels.kind.previousToken': 'previous token',
    'headLabels.kind.firstToken': 'first token',
    'headLabels.kind.sameToken': 'same token',
    'headLabels.kind.induction': 'induction',
    'headLabels.label': '{kind} {score}',
    'headLabels.named': '{name} · {label}',
    'headLabels.summary': 'What do the head labels mean?',
    'headLabels.summaryHead': 'This head’s scores, and what they mean',
    'headLabels.define.previousToken': 'the average weight from each position to the one just before it, on your text.',
    'headLabels.define.firstToken': 'the average weight from each position to the first one, the start token, where heads with nothing to do often rest.',
    'headLabels.define.sameToken': 'the average weight from each position to earlier copies of the same token, on your text.',
    'headLabels.define.induction':
      'measured on a standard probe, not on your text: random tokens repeated twice, and the weight from each token of the second copy to the token that followed its first occurrence. Such a head completes repeated patterns.',
    'headLabels.noRepeat': 'No token of your text repeats, so there is no same-token score.',
    'headLabels.measuring': 'The induction probe is still running.',
    'headLabels.unavailable': 'This model’s context is too short for the induction probe.',
    'headLabels.notAvailable': 'n/a',
    'headLabels.rule':
      'Each score is an average attention weight, from 0 to 1. A head that spread its attention evenly over the tokens it can see would already score {uniform} (on your text of {positions} tokens, the start token included; induction on the probe). A label needs {factor} times that and at least {min}: {thresholds}. A head gets the label of its highest score that clears the bar; a head without a label does none of these clearly.',
    'headLabels.separator': '; ',
  },
  {
    'headLabels.kind.previousToken': '前一词元',
    'headLabels.kind.firstToken': '首个词元',
    'headLabels.kind.sameToken': '相同词元',
    'headLabels.kind.induction': '归纳',
    'headLabels.label': '{kind} {score}',
    'headLabels.named': '{name} · {label}',
    'headLabels.summary': '头的标签是什么意思？',
    'headLabels.summaryHead': '这个头的各项得分及其含义',
    'headLabels.define.previousToken': '在你的文本上，每个位置分给紧挨在它前面的那个位置的平均权重。',
    'headLabels.define.firstToken': '每个位置分给第一个位置（起始词元）的平均权重；没事可做的头常常把注意力停在那里。',
    'headLabels.define.sameToken': '在你的文本上，每个位置分给同一个词元在前面出现过的各个副本的平均权重。',
    'headLabels.define.induction': '不在你的文本上，而在一个标准探针上测得：把一串随机词元重复两遍，看第二遍里每个词元分给它第一次出现时后面那个词元的权重。这样的头能把重复的模式补全。',
    'headLabels.noRepeat': '你的文本里没有重复的词元，所以没有相同词元得分。',
    'headLabels.measuring': '归纳探针还在计算。',
    'headLabels.unavailable': '这个模型的上下文太短，无法运行归纳探针。',
    'headLabels.notAvailable': '无',
    'headLabels.rule':
      '每个得分都是一个平均注意力权重，介于 0 和 1 之间。一个把注意力平均分给所有能看到的词元的头，就已经能得到 {uniform}（在你这段共 {positions} 个词元、包括起始词元的文本上；归纳一项在探针上）。要得到标签，得分须达到它的 {factor} 倍，并且至少为 {min}：{thresholds}。一个头取越过门槛的得分中最高的那一项作为标签；没有标签的头，以上哪一种表现都不明显。',
    'headLabels.separator': '；',
  },
);
