/** Whitespace normalisation and counting shared by every source's cleaner. Pure: no I/O. */

/** CJK characters and full-width punctuation: a line break between two of these is a soft wrap, not a word gap. */
const CJK = '\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef\\u2018-\\u201d';
const SOFT_BREAK_CJK = new RegExp(`(?<=[${CJK}])[ \\t]*\\n[ \\t]*(?=[${CJK}])`, 'gu');

/**
 * Joins wrapped lines of one paragraph. Chinese has no spaces between words, so a wrap between two Han characters
 * must vanish; anywhere else (English, code) it becomes a space, as a browser or troff would render it.
 */
export function joinSoftBreaks(text: string): string {
  return text.replace(SOFT_BREAK_CJK, '').replace(/[ \t]*\n[ \t]*/g, ' ');
}

/**
 * Collapses runs of spaces/tabs (and no-break/ideographic-free exotic spaces) to one space, trims each line, and
 * keeps at most one blank line in a row, so paragraphs stay separated by exactly "\n\n". CR and form feeds are dropped.
 */
export function normaliseWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\v]/g, '\n')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u200b\ufeff]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface TextCounts {
  characters: number;
  han: number;
  englishWords: number;
}

/** Characters are Unicode code points (what a byte-level or char-level tokenizer sees as one symbol per Han char). */
export function countText(text: string): TextCounts {
  // Code points = UTF-16 units minus the low halves of surrogate pairs (rare Han extension characters are pairs).
  const characters = text.length - (text.match(/[\udc00-\udfff]/g)?.length ?? 0);
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const englishWords = text.match(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g)?.length ?? 0;
  return { characters, han, englishWords };
}

/**
 * Frequent characters that exist only in traditional script, each followed by its simplified form. Counting both
 * halves gives a cheap estimate of how traditional a Chinese text is without a full OpenCC conversion table.
 * Pairs whose simplified form is also a normal traditional character (后, 云, 台, 干, 里) are left out on purpose.
 */
const TRAD_SIMP_PAIRS =
  '們们個个這这來来時时為为說说國国會会學学對对還还開开見见無无與与過过長长門门問问間间' +
  '聽听頭头風风東东車车馬马鳥鸟龍龙書书飛飞萬万愛爱歲岁歸归難难邊边樓楼陽阳淚泪夢梦聲声' +
  '離离將将盡尽氣气處处寫写嗎吗兒儿從从當当麼么齊齐樂乐韓韩華华雙双鄉乡灣湾劉刘陳陈黃黄';
const TRADITIONAL = new Set<string>();
const SIMPLIFIED = new Set<string>();
for (let i = 0; i + 1 < TRAD_SIMP_PAIRS.length; i += 2) {
  TRADITIONAL.add(TRAD_SIMP_PAIRS[i]);
  SIMPLIFIED.add(TRAD_SIMP_PAIRS[i + 1]);
}

export interface ScriptCounts {
  traditional: number;
  simplified: number;
}

/** Occurrences of the listed traditional-only and simplified-only characters (see TRAD_SIMP_PAIRS). */
export function countScript(text: string): ScriptCounts {
  let traditional = 0;
  let simplified = 0;
  for (const ch of text) {
    if (TRADITIONAL.has(ch)) traditional++;
    else if (SIMPLIFIED.has(ch)) simplified++;
  }
  return { traditional, simplified };
}
