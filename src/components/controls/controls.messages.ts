import { defineMessages } from '../../i18n/defineMessages';

export const controlsMessages = defineMessages(
  {
    'mask.hint.none': 'Every query may attend to every key.',
    'mask.hint.causal': 'Each token may only attend to itself and the tokens before it, as in a decoder that writes left to right.',
    'mask.hint.padding': 'Click tokens below to mark them as padding: no query attends to them.',
    'mask.hint.custom': 'Click cells of the selected head’s heatmap to block or unblock single query–key pairs.',
    'mask.padding.count': '{count} padding tokens',
    'tokens.padding.toggle': 'Token {index} “{text}”: mark as padding',
    'tokens.padding.on': 'padding',
    'lang.en': 'English',
    'lang.zh': '中文',
    'settings.reset': 'Reset',
    'heads.offCount': '{count} heads switched off',
    'heads.allOn': 'Switch all heads on',
  },
  {
    'mask.hint.none': '每个查询都可以关注每个键。',
    'mask.hint.causal': '每个词元只能关注自己和它之前的词元，就像从左到右逐词生成的解码器。',
    'mask.hint.padding': '点击下面的词元，把它们标记为填充：任何查询都不会关注它们。',
    'mask.hint.custom': '点击所选注意力头热力图中的单元格，屏蔽或恢复单个“查询–键”对。',
    'mask.padding.count': '{count} 个填充词元',
    'tokens.padding.toggle': '第 {index} 个词元“{text}”：标记为填充',
    'tokens.padding.on': '填充',
    'lang.en': 'English',
    'lang.zh': '中文',
    'settings.reset': '重置',
    'heads.offCount': '已关闭 {count} 个头',
    'heads.allOn': '打开所有头',
  },
);
