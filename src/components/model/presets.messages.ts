import { defineMessages } from '../../i18n/defineMessages';

/** The lab's example buttons for the trained model (LabPresets). Keys start with 'presets.'. */
export const presetsMessages = defineMessages(
  {
    'presets.legend': 'Examples for the trained model',
    'presets.intro': 'Each sets the sentence, turns every head back on and shows the predictions for the last token.',
    'presets.repeatEn.label': 'A repeated phrase (English)',
    'presets.repeatEn.hint': 'The phrase comes again and stops after “old”: a model that copies from its first time would say “house” (this one has not learned to; see its model card). Switch heads off one at a time and watch whether the top prediction changes.',
    'presets.repeatZh.label': 'A repeated name (Chinese)',
    'presets.repeatZh.hint': '“张三丰” comes again and stops after “张三”: copying would give “丰”. Look in layer 2 for a head that reads the token after the first “三” (an induction head; this small model has not grown one yet), and switch heads off to see what each one does.',
    'presets.nextWord.label': 'The last word decides (English)',
    'presets.nextWord.hint': 'Nothing here to copy: after “New”, “York” is likely from that word alone. Switch heads off and see how little, or how much, the prediction moves.',
    'presets.caveat': 'The model is tiny: its guesses are often wrong, and that is part of what there is to see.',
  },
  {
    'presets.legend': '训练模型的示例',
    'presets.intro': '每个按钮都会设置句子、把所有头重新打开，并显示最后一个词元处的预测。',
    'presets.repeatEn.label': '重复的短语（英文）',
    'presets.repeatEn.hint': '短语又出现一次，停在“old”之后：会照抄第一次出现内容的模型会说“house”（这个模型还没学会，见模型卡）。逐个关掉注意力头，看最可能的预测会不会变。',
    'presets.repeatZh.label': '重复的名字（中文）',
    'presets.repeatZh.hint': '“张三丰”又出现一次，停在“张三”之后：照抄前文的话，下一个是“丰”。在第 2 层里找一个看向第一个“三”后面那个词元的头（归纳头；这个小模型还没有学出来），逐个关掉注意力头，看每个头起什么作用。',
    'presets.nextWord.label': '由最后一个词决定（英文）',
    'presets.nextWord.hint': '这里没有可照抄的内容：单凭“New”这个词，“York”就很可能是下一个。关掉一些头，看预测变化有多小，或有多大。',
    'presets.caveat': '这个模型很小：它的猜测经常是错的，这本身也值得观察。',
  },
);
