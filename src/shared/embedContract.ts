import type { WalkthroughStepId } from '../state/walkthroughStore';

/*
 * The embed contract, shared by the embed page (embed.html), the "Embed / share" dialog, the custom elements and
 * the instructor guide. An embed link is the lab's own query string (text, d, h, layers, seed, pe, mask, pad,
 * cells, off, layer, head, view, lang — see src/state/url/labParams.ts) plus the parameters below, read and written by
 * one table (src/shared/embedParams.ts):
 *
 *   embed.html?widget=heatmap&text=The+cat+sat&h=2&mask=causal&controls=text,mask&lock=text
 */

/** The widgets one embed can show. */
export const EMBED_WIDGETS = ['heatmap', 'heads-grid', 'head-view', 'walkthrough-step', 'sqrt-dk', 'residual', 'predictions', 'generation'] as const;

/** The widgets that only the trained language model can run: an embed of them runs it whatever the link's model. */
export const TRAINED_ONLY_WIDGETS: readonly EmbedWidget[] = ['predictions', 'generation'];
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];
export const DEFAULT_EMBED_WIDGET: EmbedWidget = 'heatmap';

/**
 * Controls an embed may show around its widget:
 * text = the sentence box; mask = the mask mode (and padding / custom cells); heads = layer and head selection
 * and head on/off toggles; settings = width, heads, layers, seed, positional encoding.
 */
export const EMBED_CONTROLS = ['text', 'mask', 'heads', 'settings'] as const;
export type EmbedControl = (typeof EMBED_CONTROLS)[number];

/** The embed's own parameters (in addition to the lab's URL_PARAMS). */
export const EMBED_PARAMS = ['widget', 'step', 'controls', 'lock'] as const;
export type EmbedParam = (typeof EMBED_PARAMS)[number];

export interface EmbedOptions {
  readonly widget: EmbedWidget;
  /** For widget=walkthrough-step: which step (default 'softmax'). Ignored by the other widgets. */
  readonly step: WalkthroughStepId;
  /** Controls shown, in this order. `controls=none` (or empty) = no controls: the widget alone. Default: none. */
  readonly controls: readonly EmbedControl[];
  /** Shown but read-only (disabled) controls; a subset of `controls`. Default: none. */
  readonly locked: readonly EmbedControl[];
}

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = { widget: DEFAULT_EMBED_WIDGET, step: 'softmax', controls: [], locked: [] };

/*
 * Messages between an embed and the page around it (window.postMessage):
 *
 * Embed → parent, whenever the embed's content height changes (and once after the first render):
 *   { type: 'attention-lab:height', height: <CSS pixels, a positive integer> }
 * Nothing else is sent. A parent resizes the iframe whose contentWindow is event.source.
 *
 * Parent → embed (optional), accepted only in exactly this shape, and only when the text control is not locked:
 *   { type: 'attention-lab:set-text', text: <string of at most URL_LIMITS.maxTextLength characters> }
 * Anything else (other types, extra keys, wrong types, too long) is ignored.
 * A burst is coalesced: the embed sets at most one text per animation frame, the latest received (the last wins).
 */
export const HEIGHT_MESSAGE = 'attention-lab:height';
export const SET_TEXT_MESSAGE = 'attention-lab:set-text';

export interface HeightMessage {
  readonly type: typeof HEIGHT_MESSAGE;
  readonly height: number;
}

export interface SetTextMessage {
  readonly type: typeof SET_TEXT_MESSAGE;
  readonly text: string;
}
