import { defineMessages } from '../../i18n/defineMessages';

/**
 * What a custom element says when something it needs does not arrive: the snippet's fallback (shown by the browser
 * while the widgets script has not defined the element, so it must be written into the snippet itself; see
 * elementSnippet) and, inside the element, why the trained model's file could not be used.
 */
export const elementFailureMessages = defineMessages(
  {
    'element.fallback':
      'The Attention Lab widget has not loaded. If this message stays, the site at {origin} must send the header Access-Control-Allow-Origin for the widget’s script, or use “{download}” in the lab’s Embed / share dialog and host the files on your own site.',
    'element.model.refused':
      'The trained model’s file could not be fetched from {origin}: that site does not allow this page to read it (CORS: it must send Access-Control-Allow-Origin), or it could not be reached. The untrained model is shown instead.',
    'element.model.notFound':
      'The trained model’s file was not found at {url} (404): keep models/lm/model.bin next to attention-lab-widgets.js. The untrained model is shown instead.',
    'element.model.status': 'The server answered {status} for the trained model’s file ({url}). The untrained model is shown instead.',
    'element.model.damaged': 'The trained model’s file at {url} is damaged or not a model file ({detail}). The untrained model is shown instead.',
  },
  {
    'element.fallback':
      '注意力实验室组件还没有加载。如果这条消息一直显示，说明 {origin} 上的网站必须为组件的脚本发送 Access-Control-Allow-Origin 头；或者在注意力实验室的“嵌入 / 分享”对话框中使用“{download}”，把文件放到你自己的网站上。',
    'element.model.refused':
      '无法从 {origin} 获取训练好的模型文件：那个网站不允许本页读取它（CORS：它必须发送 Access-Control-Allow-Origin 头），或者无法连接。现在显示未训练的模型。',
    'element.model.notFound': '在 {url} 找不到训练好的模型文件（404）：models/lm/model.bin 要放在 attention-lab-widgets.js 旁边。现在显示未训练的模型。',
    'element.model.status': '服务器对训练好的模型文件（{url}）返回了 {status}。现在显示未训练的模型。',
    'element.model.damaged': '{url} 上的训练好的模型文件已损坏，或者不是模型文件（{detail}）。现在显示未训练的模型。',
  },
);
