import type { Bi } from './types';

/** Column headings and captions of the guide's tables. */
export const TABLE_LABELS = {
  widget: { en: 'Widget', zh: '组件' },
  widgetParam: { en: 'In links (widget=)', zh: '链接中（widget=）' },
  element: { en: 'Custom element', zh: '自定义元素' },
  use: { en: 'What it shows', zh: '显示内容' },
  widgetsCaption: { en: 'The widgets an embed can show', zh: '嵌入可以显示的组件' },
  name: { en: 'Parameter', zh: '参数' },
  meaning: { en: 'Meaning', zh: '含义' },
  values: { en: 'Allowed values', zh: '允许的取值' },
  default: { en: 'Default', zh: '默认值' },
  labCaption: { en: 'The lab’s parameters (in every lab link and every embed)', zh: '实验台的参数（用于所有实验台链接和所有嵌入）' },
  embedCaption: { en: 'The embed’s own parameters (embed.html and custom elements)', zh: '嵌入专用的参数（embed.html 和自定义元素）' },
} as const satisfies Readonly<Record<string, Bi>>;
