import { MAX_TOKENS, nearestDividingHeads, type HeadId, type MaskCell } from '../../engine';
import { linkCarriesDefaultText } from '../defaultSentence';
import { LOCALES, type Locale } from '../locale';
import { kindOfLinkValue, linkShapeOf, modelKind } from '../../models/registry';
import type { ModelChoice } from '../modelChoice';
import { DEFAULT_SETTINGS, LAB_PAGES, MATRIX_VIEWS, type HeadChoice, type LabSettings, type MaskMode } from '../labStore';
import { bool, dividingHeads, enumOf, fail, intIn, intList, ok, optionalEnum, pairList, readInteger, textUpTo, writeParam, type ParamKind, type ParamTable, type PairShape } from './params';

/*
 * The lab's link parameters, each declared once: its short name, kind (type and limits) and fallback. The lab page
 * (urlState.ts), the embed page (src/shared/embedParams.ts, which adds its own) and the guide's table of parameters
 * all read this table.
 *
 *   ?model=untrained&text=The+cat&d=32&h=4&layers=2&seed=7&pe=0&mask=causal&pad=1,3&cells=0-1,2-3&off=0-1&causal=0&at=3&layer=0&head=avg&lang=zh
 */

/** Limits of what a link may ask for. They match the largest choices the settings panel offers. */
export const URL_LIMITS = {
  /**
   * Longest text (UTF-16 code units) a link carries; longer text is cut when written, refused when read. Links are
   * also held to URL_BUDGET (encoded size), which can cut a text sooner: 2,000 Chinese characters take 18,000.
   */
  maxTextLength: 2000,
  maxEmbedDim: 128,
  maxHeads: 16,
  maxLayers: 4,
  /** mulberry32 reads the seed as an unsigned 32-bit integer. */
  maxSeed: 0xffffffff,
  /** Token indices in pad / cells are below the engine's token limit. */
  maxTokenIndex: MAX_TOKENS - 1,
  /** Most entries in one list parameter (pad, cells, off). */
  maxListEntries: 10_000,
} as const;

/** The short names, in the order they are written (the order of LAB_PARAMS). */
export const URL_PARAMS = ['model', 'text', 'd', 'h', 'layers', 'seed', 'pe', 'mask', 'pad', 'cells', 'off', 'causal', 'at', 'layer', 'head', 'view', 'page', 'lang'] as const;
export type UrlParam = (typeof URL_PARAMS)[number];

/** What a lab link carries: the settings and, when given, the interface language. */
export interface LabLinkValues extends LabSettings {
  /** Written whenever given: the interface language has no fixed default (it follows the browser). */
  readonly locale: Locale | undefined;
}

export const DEFAULT_LINK_VALUES: LabLinkValues = { ...DEFAULT_SETTINGS, locale: undefined };

const MASK_MODES: readonly MaskMode[] = ['none', 'causal', 'padding', 'custom'];

const CELL: PairShape<MaskCell> = { parts: (c) => [c.query, c.key], make: (query, key) => ({ query, key }) };
const HEAD: PairShape<HeadId> = { parts: (h) => [h.layer, h.head], make: (layer, head) => ({ layer, head }) };

/**
 * The layers and heads a link's head switches and selection may name: the settings' (the untrained encoder's, or the
 * trained model's, which match them), or for a kind whose shape comes with the files it opens (a GPT-2 checkpoint),
 * the largest it opens (src/models/registry.ts).
 */
function linkShape(link: Pick<LabSettings, 'model' | 'numLayers' | 'numHeads'>): { numLayers: number; numHeads: number } {
  return linkShapeOf(link.model, link);
}

/**
 * model=: a registered kind's id, or a value a kind's link reads (a checkpoint's path on this site: the GPT-2 kind);
 * written back as that kind's current link value (the checkpoint's path) when it has one.
 */
function modelParam(): ParamKind<ModelChoice, LabSettings> {
  return {
    read: (raw) => {
      const kind = kindOfLinkValue(raw);
      return kind ? ok<ModelChoice>(kind.id) : fail('invalid');
    },
    write: (model) => modelKind(model).link?.current() ?? model,
  };
}

/** A head index below the link's head count, or 'avg' for the average of the layer's heads. */
function headChoice(): ParamKind<HeadChoice, LabSettings> {
  return {
    read: (raw, link) => (raw === 'avg' ? ok<HeadChoice>('average') : readInteger(raw, 0, linkShape(link).numHeads - 1)),
    write: (head) => (head === 'average' ? 'avg' : String(head)),
  };
}

/** The model a link without model= means: the untrained encoder when it sets a width, heads, layers or seed (only that model has them), else the default. */
function impliedModel(link: Pick<LabSettings, 'embedDim' | 'numHeads' | 'numLayers' | 'seed'>): ModelChoice {
  const d = DEFAULT_SETTINGS;
  const untrainedShape = link.embedDim !== d.embedDim || link.numHeads !== d.numHeads || link.numLayers !== d.numLayers || link.seed !== d.seed;
  return untrainedShape ? 'untrained' : d.model;
}

/** A position, or nothing (null: the last one; the parameter is then left out). */
function optionalPosition(max: number): ParamKind<number | null, LabSettings> {
  return {
    read: (raw) => readInteger(raw, 0, max),
    write: (value) => (value === null ? undefined : String(value)),
  };
}

const tokenIndex = URL_LIMITS.maxTokenIndex;
/** A fallback that does not depend on the rest of the link. */
const constant = <T>(value: T) => (): T => value;

/**
 * The lab's parameters, in link order. A refused value falls back to the default of its field, made to fit the
 * other fields: heads that divide the width (the nearest to 4), a selected layer and head inside the model.
 */
export const LAB_PARAMS: ParamTable<LabLinkValues, UrlParam> = {
  // Links made before the trained model existed set d, h, layers or seed for the random-weight encoder: without a
  // model= they still open that model, so an old link or embed reproduces its view. A trained-model link with such
  // settings (kept for a switch back) says model=trained.
  model: {
    name: 'model',
    kind: modelParam(),
    fallback: impliedModel,
    // Written exactly when the rest of the link does not already say it.
    always: (link) => link.model !== impliedModel(link),
    omitWhen: (link) => link.model === impliedModel(link),
  },
  // Left out only when it is the English sentence and the link is not in a language with a sentence of its own: a
  // link without text= means the English one (src/state/defaultSentence.ts), whatever language opens it.
  text: {
    name: 'text',
    kind: textUpTo(URL_LIMITS.maxTextLength),
    fallback: constant(DEFAULT_SETTINGS.text),
    always: (link) => linkCarriesDefaultText(link.locale),
  },
  embedDim: { name: 'd', kind: intIn(1, URL_LIMITS.maxEmbedDim), fallback: constant(DEFAULT_SETTINGS.embedDim) },
  numHeads: {
    name: 'h',
    kind: dividingHeads(URL_LIMITS.maxHeads, (link) => link.embedDim),
    fallback: (link) => nearestDividingHeads(link.embedDim, DEFAULT_SETTINGS.numHeads, URL_LIMITS.maxHeads),
  },
  numLayers: { name: 'layers', kind: intIn(1, URL_LIMITS.maxLayers), fallback: constant(DEFAULT_SETTINGS.numLayers) },
  seed: { name: 'seed', kind: intIn(0, URL_LIMITS.maxSeed), fallback: constant(DEFAULT_SETTINGS.seed) },
  positionalEncoding: { name: 'pe', kind: bool(), fallback: constant(DEFAULT_SETTINGS.positionalEncoding) },
  maskMode: { name: 'mask', kind: enumOf(MASK_MODES), fallback: constant(DEFAULT_SETTINGS.maskMode) },
  paddingTokens: { name: 'pad', kind: intList(0, tokenIndex, URL_LIMITS.maxListEntries), fallback: constant(DEFAULT_SETTINGS.paddingTokens) },
  customMask: { name: 'cells', kind: pairList(CELL, () => [tokenIndex, tokenIndex], URL_LIMITS.maxListEntries), fallback: constant(DEFAULT_SETTINGS.customMask) },
  // Heads beyond the model (left over after the head count was lowered) change nothing: they are not written.
  disabledHeads: {
    name: 'off',
    kind: pairList(HEAD, (link) => [linkShape(link).numLayers - 1, linkShape(link).numHeads - 1], URL_LIMITS.maxListEntries),
    fallback: constant(DEFAULT_SETTINGS.disabledHeads),
  },
  causal: { name: 'causal', kind: bool(), fallback: constant(DEFAULT_SETTINGS.causal) },
  predictAt: { name: 'at', kind: optionalPosition(tokenIndex), fallback: constant(DEFAULT_SETTINGS.predictAt) },
  selectedLayer: {
    name: 'layer',
    kind: intIn(0, (link) => linkShape(link).numLayers - 1),
    fallback: (link) => Math.min(DEFAULT_SETTINGS.selectedLayer, linkShape(link).numLayers - 1),
  },
  selectedHead: {
    name: 'head',
    kind: headChoice(),
    fallback: (link) => (typeof DEFAULT_SETTINGS.selectedHead === 'number' && DEFAULT_SETTINGS.selectedHead >= linkShape(link).numHeads ? 0 : DEFAULT_SETTINGS.selectedHead),
  },
  matrixView: { name: 'view', kind: enumOf(MATRIX_VIEWS), fallback: constant(DEFAULT_SETTINGS.matrixView) },
  page: { name: 'page', kind: enumOf(LAB_PAGES), fallback: constant(DEFAULT_SETTINGS.page) },
  locale: { name: 'lang', kind: optionalEnum(LOCALES), fallback: constant(undefined) },
};

/** How a link writes a parameter's default ('' for an empty list; undefined for lang, which has none): for the guide. */
export function defaultLinkText(param: UrlParam): string | undefined {
  return writeParam(LAB_PARAMS, param, DEFAULT_LINK_VALUES);
}
