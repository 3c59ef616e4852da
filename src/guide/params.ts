import { DEFAULT_SETTINGS, LAB_PAGES, MATRIX_VIEWS, type LabPage, type MaskMode, type MatrixView } from '../state/labStore';
import { defaultLinkText } from '../state/url/labParams';
import { URL_LIMITS, URL_PARAMS, type UrlParam } from '../state/url/urlState';
import { POST_LN_STEPS } from '../state/walkthroughStore';
import { DEFAULT_EMBED_OPTIONS, EMBED_CONTROLS, EMBED_PARAMS, EMBED_WIDGETS, type EmbedControl, type EmbedParam } from '../shared/embedContract';
import type { Bi, ParamDoc } from './types';

/*
 * Every query parameter, for the guide's table. Allowed values and defaults come from the code (DEFAULT_SETTINGS,
 * URL_LIMITS, DEFAULT_EMBED_OPTIONS and the lists of ids), so the table cannot drift from what links do. The
 * Records are keyed by the parameter types: a parameter added to URL_PARAMS or EMBED_PARAMS without a row here
 * does not compile.
 */

const code = (value: string | number): string => `\`${value}\``;
const same = (text: string): Bi => ({ en: text, zh: text });
const codes = (values: readonly (string | number)[]): Bi => ({ en: values.map(code).join(', '), zh: values.map(code).join('、') });
const range = (min: number, max: number): Bi => ({ en: `whole number ${code(min)} … ${code(max)}`, zh: `整数 ${code(min)} … ${code(max)}` });
const NONE: Bi = { en: 'none (empty)', zh: '无（空）' };
/** A list parameter's default as a link writes it (the lab's parameter table). */
const listDefault = (param: 'pad' | 'cells' | 'off'): Bi => {
  const text = defaultLinkText(param) ?? '';
  return text === '' ? NONE : same(code(text));
};

/** What each mask mode means; keyed by the type, so a new mode needs a sentence. */
const MASKS: Readonly<Record<MaskMode, Bi>> = {
  none: { en: 'no mask', zh: '不加掩码' },
  causal: { en: 'each token sees itself and earlier tokens', zh: '每个词元只看到自己和前面的词元' },
  padding: { en: 'the tokens in `pad` are ignored as keys', zh: '`pad` 中的词元不作为键' },
  custom: { en: 'the cells in `cells` are blocked', zh: '屏蔽 `cells` 中的单元格' },
};
const VIEWS: Readonly<Record<MatrixView, Bi>> = {
  weights: { en: 'softmax weights', zh: 'softmax 权重' },
  scores: { en: 'raw scores QKᵀ', zh: '原始得分 QKᵀ' },
  scaled: { en: 'scaled scores QKᵀ/√d_k', zh: '缩放后的得分 QKᵀ/√d_k' },
};
const PAGES: Readonly<Record<LabPage, Bi>> = {
  lab: { en: 'the lab', zh: '实验台' },
  walkthrough: { en: 'the walkthrough', zh: '分步讲解' },
};
const CONTROLS: Readonly<Record<EmbedControl, Bi>> = {
  text: { en: 'the sentence box', zh: '句子输入框' },
  mask: { en: 'the mask choice (with padding and custom cells)', zh: '掩码选择（含填充和自定义单元格）' },
  heads: { en: 'layer and head selection, heads on/off', zh: '层和头的选择、头的开关' },
  settings: { en: 'width, heads, layers, seed, positional encoding', zh: '宽度、头数、层数、随机种子、位置编码' },
};

/** "`a` (meaning), `b` (meaning)" for a Record of meanings, in the order of `ids`. */
function described<K extends string>(ids: readonly K[], meanings: Readonly<Record<K, Bi>>): Bi {
  return {
    en: ids.map((id) => `${code(id)} (${meanings[id].en})`).join(', '),
    zh: ids.map((id) => `${code(id)}（${meanings[id].zh}）`).join('、'),
  };
}

const head = DEFAULT_SETTINGS.selectedHead;
const pairList = (example: string): Bi => ({
  en: `comma-separated pairs such as ${code(example)}, at most ${URL_LIMITS.maxListEntries.toLocaleString('en')} entries`,
  zh: `用逗号分隔的数对，例如 ${code(example)}，最多 ${URL_LIMITS.maxListEntries} 项`,
});

const LAB: Readonly<Record<UrlParam, Omit<ParamDoc, 'name' | 'group'>>> = {
  model: {
    meaning: {
      en: 'Which model runs: the small bilingual language model this project trained, the encoder with random weights (whose `d`, `h`, `layers` and `seed` apply only to it), or a GPT-2 checkpoint: a folder on the lab’s own site holding `model.safetensors` and `config.json` (see “GPT-2 in your course”), or `gpt2` to ask the reader for the files.',
      zh: '运行哪个模型：本项目训练的小型双语语言模型、随机权重的编码器（`d`、`h`、`layers`、`seed` 只对它有效），或者 GPT-2 检查点：实验台自己网站上存放 `model.safetensors` 和 `config.json` 的文件夹（见“在课程中使用 GPT-2”），或者 `gpt2`，让读者自己选择文件。',
    },
    values: {
      en: `${code('trained')}, ${code('untrained')}, ${code('gpt2')} or a folder on this site such as ${code('models%2Fgpt2%2F')}`,
      zh: `${code('trained')}、${code('untrained')}、${code('gpt2')}，或本网站上的文件夹，例如 ${code('models%2Fgpt2%2F')}`,
    },
    default: same(code(DEFAULT_SETTINGS.model)),
  },
  text: {
    meaning: { en: 'The sentence the model reads.', zh: '模型读取的句子。' },
    values: { en: `any text up to ${URL_LIMITS.maxTextLength} characters, URL-encoded (a space may be \`+\`)`, zh: `任意文字，最多 ${URL_LIMITS.maxTextLength} 个字符，需 URL 编码（空格可写作 \`+\`）` },
    default: same(code(DEFAULT_SETTINGS.text)),
  },
  d: {
    meaning: { en: 'Model width d_model (the size of each token vector).', zh: '模型宽度 d_model（每个词元向量的维数）。' },
    values: range(1, URL_LIMITS.maxEmbedDim),
    default: same(code(DEFAULT_SETTINGS.embedDim)),
  },
  h: {
    meaning: { en: 'Number of attention heads per layer.', zh: '每层注意力头的个数。' },
    values: { en: `whole number ${code(1)} … ${code(URL_LIMITS.maxHeads)} that divides \`d\``, zh: `能整除 \`d\` 的整数 ${code(1)} … ${code(URL_LIMITS.maxHeads)}` },
    default: same(code(DEFAULT_SETTINGS.numHeads)),
  },
  layers: {
    meaning: { en: 'Number of encoder layers.', zh: '编码器层数。' },
    values: range(1, URL_LIMITS.maxLayers),
    default: same(code(DEFAULT_SETTINGS.numLayers)),
  },
  seed: {
    meaning: { en: 'Random seed of the weights: the same seed gives the same model.', zh: '权重的随机种子：种子相同，模型就相同。' },
    values: range(0, URL_LIMITS.maxSeed),
    default: same(code(DEFAULT_SETTINGS.seed)),
  },
  pe: {
    meaning: { en: 'Add sinusoidal positional encoding to the embeddings.', zh: '是否给词嵌入加上正弦位置编码。' },
    values: { en: `${code(1)} or ${code('true')} (on), ${code(0)} or ${code('false')} (off)`, zh: `${code(1)} 或 ${code('true')}（开），${code(0)} 或 ${code('false')}（关）` },
    default: same(code(DEFAULT_SETTINGS.positionalEncoding ? 1 : 0)),
  },
  mask: {
    meaning: { en: 'The attention mask.', zh: '注意力掩码。' },
    values: described(Object.keys(MASKS) as MaskMode[], MASKS),
    default: same(code(DEFAULT_SETTINGS.maskMode)),
  },
  pad: {
    meaning: { en: 'Tokens marked as padding (used with `mask=padding`), counted from 0.', zh: '标记为填充的词元（配合 `mask=padding` 使用），从 0 开始计数。' },
    values: {
      en: `comma-separated token indices ${code(0)} … ${code(URL_LIMITS.maxTokenIndex)}, e.g. ${code('1,3')}`,
      zh: `用逗号分隔的词元序号 ${code(0)} … ${code(URL_LIMITS.maxTokenIndex)}，例如 ${code('1,3')}`,
    },
    default: listDefault('pad'),
  },
  cells: {
    meaning: { en: 'Blocked query–key cells (used with `mask=custom`), as query-key, counted from 0.', zh: '被屏蔽的“查询–键”单元格（配合 `mask=custom` 使用），写作 查询-键，从 0 开始计数。' },
    values: pairList('0-1,2-3'),
    default: listDefault('cells'),
  },
  off: {
    meaning: { en: 'Heads switched off (ablated), as layer-head, counted from 0.', zh: '被关闭（消融）的头，写作 层-头，从 0 开始计数。' },
    values: pairList('0-1'),
    default: listDefault('off'),
  },
  causal: {
    meaning: {
      en: 'The trained model’s own causal mask (each position reads only itself and earlier ones). Off lets positions read the future, which the model never saw in training.',
      zh: '训练模型自带的因果掩码（每个位置只读自己和之前的位置）。关闭后各位置能读到后文，这是模型训练时从未见过的情况。',
    },
    values: { en: `${code(1)} (on) or ${code(0)} (off)`, zh: `${code(1)}（开）或 ${code(0)}（关）` },
    default: same(code(1)),
  },
  at: {
    meaning: { en: 'The position whose next-token predictions are shown, counted from 0 (the trained model).', zh: '显示其下一个词元预测的位置，从 0 开始计数（训练模型）。' },
    values: { en: `whole number ${code(0)} … ${code(URL_LIMITS.maxTokenIndex)}; left out: the last position`, zh: `整数 ${code(0)} … ${code(URL_LIMITS.maxTokenIndex)}；省略时为最后一个位置` },
    default: { en: 'the last position', zh: '最后一个位置' },
  },
  layer: {
    meaning: { en: 'The selected layer, counted from 0.', zh: '所选的层，从 0 开始计数。' },
    values: { en: `whole number ${code(0)} … layers − 1`, zh: `整数 ${code(0)} … 层数 − 1` },
    default: same(code(DEFAULT_SETTINGS.selectedLayer)),
  },
  head: {
    meaning: { en: 'The selected head, counted from 0, or the average of the layer’s heads.', zh: '所选的头，从 0 开始计数；或该层所有头的平均。' },
    values: { en: `whole number ${code(0)} … h − 1, or ${code('avg')}`, zh: `整数 ${code(0)} … h − 1，或 ${code('avg')}` },
    default: same(code(head === 'average' ? 'avg' : head)),
  },
  view: {
    meaning: { en: 'What the selected head’s large heatmap shows.', zh: '所选头的大热力图显示什么。' },
    values: described(MATRIX_VIEWS, VIEWS),
    default: same(code(DEFAULT_SETTINGS.matrixView)),
  },
  page: {
    meaning: { en: 'Which tab of the full lab opens; embeds ignore it.', zh: '完整实验台打开哪个标签页；嵌入组件会忽略它。' },
    values: described(LAB_PAGES, PAGES),
    default: same(code(DEFAULT_SETTINGS.page)),
  },
  lang: {
    meaning: { en: 'Interface language.', zh: '界面语言。' },
    values: { en: `${code('en')} (English), ${code('zh')} (Simplified Chinese)`, zh: `${code('en')}（英文）、${code('zh')}（简体中文）` },
    default: { en: 'the reader’s browser language', zh: '读者浏览器的语言' },
  },
};

const EMBED: Readonly<Record<EmbedParam, Omit<ParamDoc, 'name' | 'group'>>> = {
  widget: {
    meaning: { en: 'Which widget the embed shows (see the table of widgets).', zh: '嵌入显示哪个组件（见组件表）。' },
    values: codes(EMBED_WIDGETS),
    default: same(code(DEFAULT_EMBED_OPTIONS.widget)),
  },
  step: {
    meaning: { en: 'For `widget=walkthrough-step` only: which step of the walkthrough.', zh: '仅用于 `widget=walkthrough-step`：显示分步讲解的哪一步。' },
    values: codes(POST_LN_STEPS),
    default: same(code(DEFAULT_EMBED_OPTIONS.step)),
  },
  controls: {
    meaning: { en: 'Controls shown around the widget, in this order; `none` or empty shows the widget alone.', zh: '在组件周围显示的控件，按所写顺序排列；`none` 或留空则只显示组件本身。' },
    values: {
      en: `comma-separated: ${described(EMBED_CONTROLS, CONTROLS).en}; or ${code('none')}`,
      zh: `用逗号分隔：${described(EMBED_CONTROLS, CONTROLS).zh}；或 ${code('none')}`,
    },
    default: DEFAULT_EMBED_OPTIONS.controls.length === 0 ? NONE : same(code(DEFAULT_EMBED_OPTIONS.controls.join(','))),
  },
  lock: {
    meaning: { en: 'Controls shown read-only: they display the setting but cannot change it.', zh: '以只读方式显示的控件：显示设置，但不能修改。' },
    values: { en: `comma-separated, from those in \`controls\`: ${codes(EMBED_CONTROLS).en}`, zh: `用逗号分隔，取自 \`controls\` 中的控件：${codes(EMBED_CONTROLS).zh}` },
    default: DEFAULT_EMBED_OPTIONS.locked.length === 0 ? NONE : same(code(DEFAULT_EMBED_OPTIONS.locked.join(','))),
  },
};

/** The rows, in link order: the lab's parameters (URL_PARAMS), then the embed's own (EMBED_PARAMS). */
export const PARAM_DOCS: readonly ParamDoc[] = [
  ...URL_PARAMS.map((name): ParamDoc => ({ name, group: 'lab', ...LAB[name] })),
  ...EMBED_PARAMS.map((name): ParamDoc => ({ name, group: 'embed', ...EMBED[name] })),
];
