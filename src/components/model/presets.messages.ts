import { defineMessages } from '../../i18n/defineMessages';

/** The lab's example buttons for the trained model (LabPresets). Keys start with 'presets.'. */
export const presetsMessages = defineMessages(
  {
    'presets.legend': 'Examples for the trained model',
    'presets.intro': 'Each sets the sentence, turns every head back on and shows the predictions for the last token.',
    'presets.repeatEn.label': 'A repeated phrase (English)',
    'presets.repeatEn.hint': 'The phrase comes again and stops after “old”: copying from its first time gives “house”, and that is this model’s top guess. Switch heads off one at a time and find the two without which “house” loses its lead.',
    'presets.repeatZh.label': 'A repeated name (Chinese)',
    'presets.repeatZh.hint': '“王芳” came earlier, and the text stops after a second “王”: copying gives “芳”, the model’s top guess. Look in layer 2 for the head that reads the token after the first “王” (the induction head), and switch it off to see the copy go.',
    'presets.nextWord.label': 'The last word decides (English)',
    'presets.nextWord.hint': 'Nothing here to copy: after “New”, “York” is likely from that word alone. Switch heads off and see how little, or how much, the prediction moves.',
    'presets.caveat': 'The model is tiny: its guesses are often wrong, and that is part of what there is to see.',
  },
  {
    'presets.legend': '训练模型的示例',
    'presets.intro': '每个按钮都会设置句子、把所有头重新打开，并显示最后一个词元处的预测。',
    'presets.repeatEn.label': '重复的短语（英文）',
    'presets.repeatEn.hint': '短语又出现一次，停在“old”之后：照抄第一次出现的内容，下一个就是“house”，这也正是这个模型排第一的猜测。逐个关掉注意力头，找出关掉后“house”就不再领先的那两个头。',
    'presets.repeatZh.label': '重复的名字（中文）',
    'presets.repeatZh.hint': '前面出现过“王芳”，文本停在第二个“王”之后：照抄前文，下一个是“芳”，这也是模型排第一的猜测。在第 2 层里找到看向第一个“王”后面那个词元的头（归纳头），把它关掉，看照抄是否消失。',
    'presets.nextWord.label': '由最后一个词决定（英文）',
    'presets.nextWord.hint': '这里没有可照抄的内容：单凭“New”这个词，“York”就很可能是下一个。关掉一些头，看预测变化有多小，或有多大。',
    'presets.caveat': '这个模型很小：它的猜测经常是错的，这本身也值得观察。',
  },
);
