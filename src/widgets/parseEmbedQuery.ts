import type { Locale } from '../state/uiStore';
import type { LabSettings } from '../state/labStore';
import { parseQuery, URL_LIMITS, type UrlNotice } from '../state/urlState';
import { POST_LN_STEPS, type WalkthroughStepId } from '../state/walkthroughStore';
import {
  DEFAULT_EMBED_OPTIONS,
  EMBED_CONTROLS,
  EMBED_PARAMS,
  EMBED_WIDGETS,
  type EmbedControl,
  type EmbedOptions,
  type EmbedParam,
  type EmbedWidget,
} from './embedContract';

/*
 * Reads an embed link: the lab's own parameters through parseQuery (with its notices), then the embed's widget,
 * step, controls and lock. Like parseQuery, nothing refused is fatal: a bad value falls back to its default and
 * yields a notice, so a broken or hostile link still shows a working widget.
 */

export type EmbedNoticeReason =
  /** widget / step: not one of the known ids; controls / lock: entries that are not control ids (dropped). */
  | 'invalid'
  /** lock: controls that are locked but not shown (a lock applies to shown controls only); ignored. */
  | 'not-shown'
  /** The parameter appears more than once; the first occurrence is used. */
  | 'repeated';

/** An embed parameter's value that was not (fully) used. `value` is raw user data: render as text only. */
export interface EmbedNotice {
  readonly param: EmbedParam;
  /** The refused value or entries (comma-separated), exactly as in the link (decoded). */
  readonly value: string;
  readonly reason: EmbedNoticeReason;
  /** What is used instead, as it would be written in a link ('' when entries are simply dropped). */
  readonly fallback: string;
}

/** A lab notice (parseQuery) or an embed notice; the parameter names of the two never overlap. */
export type EmbedPageNotice = UrlNotice | EmbedNotice;

export function isEmbedNotice(notice: EmbedPageNotice): notice is EmbedNotice {
  return (EMBED_PARAMS as readonly string[]).includes(notice.param);
}

export interface ParsedEmbedQuery {
  /** The lab settings the link sets (parseQuery's), to be applied over DEFAULT_SETTINGS. */
  readonly settings: Partial<LabSettings>;
  readonly locale?: Locale;
  readonly options: EmbedOptions;
  /** The lab's notices first, then the embed's, in parameter order. */
  readonly notices: readonly EmbedPageNotice[];
}

const NONE = 'none';

function isWidget(value: string): value is EmbedWidget {
  return (EMBED_WIDGETS as readonly string[]).includes(value);
}

function isStep(value: string): value is WalkthroughStepId {
  return (POST_LN_STEPS as readonly string[]).includes(value);
}

function isControl(value: string): value is EmbedControl {
  return (EMBED_CONTROLS as readonly string[]).includes(value);
}

/** A control list: '' or 'none' = empty; entries trimmed; blanks, 'none' and repeats skipped; the rest split into known / unknown. */
function controlList(raw: string): { readonly known: EmbedControl[]; readonly unknown: string[] } {
  const known: EmbedControl[] = [];
  const unknown: string[] = [];
  // A list longer than any real one is read only as far as the lab reads its own lists.
  for (const entry of raw.split(',').slice(0, URL_LIMITS.maxListEntries)) {
    const id = entry.trim();
    if (id === '' || id === NONE) continue;
    if (isControl(id)) {
      if (!known.includes(id)) known.push(id);
    } else if (!unknown.includes(id)) unknown.push(id);
  }
  return { known, unknown };
}

/** Reads a query string (with or without '?') of an embed link. */
export function parseEmbedQuery(search: string): ParsedEmbedQuery {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const lab = parseQuery(query);
  const params = new URLSearchParams(query);
  const notices: EmbedNotice[] = [];

  /** The first value of a parameter, or undefined when absent (repeats are noted). */
  const raw = (param: EmbedParam): string | undefined => {
    const all = params.getAll(param);
    if (all.length > 1) notices.push({ param, value: all.slice(1).join(', '), reason: 'repeated', fallback: all[0] });
    return all[0];
  };

  let widget = DEFAULT_EMBED_OPTIONS.widget;
  const rawWidget = raw('widget');
  if (rawWidget !== undefined) {
    if (isWidget(rawWidget)) widget = rawWidget;
    else notices.push({ param: 'widget', value: rawWidget, reason: 'invalid', fallback: widget });
  }

  // Read (and checked) for every widget, though only walkthrough-step shows it: a typo is worth a notice either way.
  let step = DEFAULT_EMBED_OPTIONS.step;
  const rawStep = raw('step');
  if (rawStep !== undefined) {
    if (isStep(rawStep)) step = rawStep;
    else notices.push({ param: 'step', value: rawStep, reason: 'invalid', fallback: step });
  }

  let controls: EmbedControl[] = [...DEFAULT_EMBED_OPTIONS.controls];
  const rawControls = raw('controls');
  if (rawControls !== undefined) {
    const list = controlList(rawControls);
    controls = list.known;
    if (list.unknown.length > 0) notices.push({ param: 'controls', value: list.unknown.join(','), reason: 'invalid', fallback: '' });
  }

  let locked: EmbedControl[] = [...DEFAULT_EMBED_OPTIONS.locked];
  const rawLock = raw('lock');
  if (rawLock !== undefined) {
    const list = controlList(rawLock);
    locked = list.known.filter((c) => controls.includes(c));
    const hidden = list.known.filter((c) => !controls.includes(c));
    if (list.unknown.length > 0) notices.push({ param: 'lock', value: list.unknown.join(','), reason: 'invalid', fallback: '' });
    if (hidden.length > 0) notices.push({ param: 'lock', value: hidden.join(','), reason: 'not-shown', fallback: '' });
  }

  const options: EmbedOptions = { widget, step, controls, locked };
  const base = { settings: lab.settings, options, notices: [...lab.notices, ...notices] };
  return lab.locale === undefined ? base : { ...base, locale: lab.locale };
}
