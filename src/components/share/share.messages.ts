import { defineMessages } from '../../i18n/defineMessages';
import { exportMessages } from '../export/export.messages';

/** The share button, the notices about a link's refused values, and (merged in) the export menu. */
export const shareMessages = defineMessages(
  {
    ...exportMessages.en,
    'share.button': 'Copy link',
    'share.description': 'A link to exactly this view: sentence, model, mask, heads and language.',
    'share.copied': 'Link copied',
    'share.manual': 'Copying is blocked here. The link is selected below: press Ctrl+C (⌘C on a Mac) to copy it.',
    'share.urlLabel': 'Link to this view',
    'share.textTooLong': 'The link keeps only the first {limit} characters of the text.',
    'url.notices.label': 'Problems with the link',
    'url.notice.invalid': 'The link sets {param} to {value}, which is not a valid value; {fallback} is used instead.',
    'url.notice.out-of-range': 'The link sets {param} to {value}, which is out of range; {fallback} is used instead.',
    'url.notice.heads-do-not-divide': 'The link asks for {value} heads, but that number does not divide the width evenly; {fallback} heads are used instead.',
    'url.notice.too-long': 'The value of {param} in the link ({value}) is too long; {fallback} is used instead.',
    'url.notice.repeated': 'The link sets {param} more than once: the first value, {fallback}, is used and {value} is ignored.',
    'url.fallback.text': 'the example sentence',
    'url.fallback.empty': 'none',
    'url.fallback.lang': 'your browser’s language',
    'url.dismiss': 'Dismiss this notice',
  },
  {
    ...exportMessages.zh,
    'share.button': '复制链接',
    'share.description': '指向当前视图的链接：句子、模型、掩码、注意力头和界面语言都会保留。',
    'share.copied': '链接已复制',
    'share.manual': '此处无法自动复制。链接已在下方选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。',
    'share.urlLabel': '当前视图的链接',
    'share.textTooLong': '链接只保留文字的前 {limit} 个字符。',
    'url.notices.label': '链接中的问题',
    'url.notice.invalid': '链接把 {param} 设为 {value}，这不是有效的值，已改用 {fallback}。',
    'url.notice.out-of-range': '链接把 {param} 设为 {value}，超出了允许的范围，已改用 {fallback}。',
    'url.notice.heads-do-not-divide': '链接要求 {value} 个头，但这个数不能整除宽度，已改用 {fallback} 个头。',
    'url.notice.too-long': '链接中 {param} 的值（{value}）太长，已改用 {fallback}。',
    'url.notice.repeated': '链接多次设置了 {param}：使用第一个值 {fallback}，忽略 {value}。',
    'url.fallback.text': '示例句子',
    'url.fallback.empty': '无',
    'url.fallback.lang': '浏览器的语言',
    'url.dismiss': '关闭这条提示',
  },
);
