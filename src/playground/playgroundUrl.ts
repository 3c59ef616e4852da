import { nearestDividingHeads } from '../engine/multiHead';
import { defaultConfig, defaultSettings } from '../engine/train';
import { isTaskName } from '../engine/train/tasks';
import type { TaskName, TinyModelConfig, TrainSettings } from '../engine/train/types';
import { formEncoding, paramNames, readParams, tableKeys, unknownParamNotices, writeParams, type ValueNotice } from '../state/url/params';
import { URL_BUDGET } from '../state/url/urlBudget';
import { defaultLinkValues, defaultPlaygroundParams, PLAYGROUND_PARAMS } from './playgroundParams';
import { PLAYGROUND_LIMITS, type CheckedPlaygroundParams, type ParsedPlaygroundQuery, type PlaygroundNotice, type PlaygroundParamName, type PlaygroundParams } from './types';

/*
 * The playground's settings in the hash, like the rest of the app (a link reproduces the setup), read and written
 * with its parameter table (playgroundParams.ts) and the lab's rules: a refused value yields a notice with the
 * same reason codes ('invalid', 'out-of-range', 'heads-do-not-divide', 'repeated'; 'unknown' for a name the
 * playground does not know, the first MAX_UNKNOWN_NOTICES by name, then one count). Absent parameters take the
 * task's defaults. Writing is canonical, so parse(query(p)) = p for every valid p. The hash stays within
 * URL_BUDGET.maxHashLength: an input too long for it (a loaded model's, up to 1,024 tokens) is left out of the
 * link (playgroundInputFitsUrl says when), the settings always fit.
 */

export { defaultPlaygroundParams } from './playgroundParams';
export { formatSampleInput, parseSampleInput, sameInput } from './sampleInput';
export { MAX_UNKNOWN_NOTICES } from '../state/url/params';

/** The URL names, in the order they are written. */
export const PLAYGROUND_PARAM_NAMES: readonly PlaygroundParamName[] = tableKeys(PLAYGROUND_PARAMS).map((key) => PLAYGROUND_PARAMS[key].name);

export const PLAYGROUND_ROUTE = '#/playground';

const KNOWN = paramNames(PLAYGROUND_PARAMS);

type NumericField = 'layers' | 'heads' | 'width' | 'learningRate' | 'seed';
/** Heads last: they are checked against the width the others settle on. */
const NUMERIC_FIELDS: readonly NumericField[] = ['layers', 'width', 'learningRate', 'seed', 'heads'];

/** Candidate values, each already a number (NaN for unreadable) and the text it came from, for the notices. */
export interface ParamCandidate {
  readonly value: number;
  readonly raw: string;
}

/**
 * Checks numeric candidates (from the form, or a loaded file's settings) with the kinds of the link's table, and
 * makes heads divide the width. A refused value is replaced by the one in `fallback` (the current settings for the
 * form); heads that do not divide the width become the nearest count that does.
 */
export function normalizeParams(task: TaskName, candidates: Partial<Record<NumericField, ParamCandidate>>, fallback: PlaygroundParams): CheckedPlaygroundParams {
  const notices: ValueNotice<PlaygroundParamName>[] = [];
  const values = { ...fallback, task, input: null };
  for (const field of NUMERIC_FIELDS) {
    const candidate = candidates[field];
    if (candidate === undefined) continue;
    const { name, kind } = PLAYGROUND_PARAMS[field];
    const read = kind.read(String(candidate.value), values);
    if (read.ok) {
      values[field] = read.value;
      continue;
    }
    values[field] = read.fallback ?? values[field];
    notices.push({ param: name, value: candidate.raw, reason: read.reason, fallback: String(values[field]) });
  }
  // Heads kept from `fallback` may not divide a new width.
  const heads = nearestDividingHeads(values.width, values.heads, PLAYGROUND_LIMITS.heads.max);
  if (heads !== values.heads) {
    notices.push({ param: 'heads', value: String(values.heads), reason: 'heads-do-not-divide', fallback: String(heads) });
    values.heads = heads;
  }
  const { input: _input, ...params } = values;
  return { params, notices };
}

/** Reads the query of `#/playground?…` (the part after '?', with or without the '?'). Never throws. */
export function parsePlaygroundQuery(query: string): ParsedPlaygroundQuery {
  const defaults = defaultLinkValues();
  const read = readParams(PLAYGROUND_PARAMS, query, defaults);
  const { input, ...params } = { ...defaults, ...read.values };
  const notices: PlaygroundNotice[] = [...read.notices, ...unknownParamNotices(query, KNOWN)];
  return { params, notices, input };
}

/**
 * The canonical query (no '?'): the parameters in table order. The input is left out when the hash would be longer
 * than URL_BUDGET.maxHashLength with it.
 */
export function playgroundQuery(params: PlaygroundParams, input: readonly number[] | null = null): string {
  const withInput = fullQuery(params, input);
  return input === null || `${PLAYGROUND_ROUTE}?${withInput}`.length <= URL_BUDGET.maxHashLength ? withInput : fullQuery(params, null);
}

/** True when a link to the playground can carry this input (playgroundQuery leaves it out otherwise). */
export function playgroundInputFitsUrl(params: PlaygroundParams, input: readonly number[] | null): boolean {
  return input === null || playgroundQuery(params, input) === fullQuery(params, input);
}

/** Form-encoded (commas as %2C), as the playground's links have always been. */
function fullQuery(params: PlaygroundParams, input: readonly number[] | null): string {
  return writeParams(PLAYGROUND_PARAMS, { ...params, input }, defaultLinkValues(params.task), formEncoding);
}

export function playgroundHash(params: PlaygroundParams, input: readonly number[] | null = null): string {
  return `${PLAYGROUND_ROUTE}?${playgroundQuery(params, input)}`;
}

/** The query part of a playground hash ('#/playground?a=1' → 'a=1'; '' when there is none). */
export function queryOfPlaygroundHash(hash: string): string {
  const at = hash.indexOf('?');
  return at < 0 ? '' : hash.slice(at + 1);
}

/** The model and training settings for params: the task's defaults for everything the URL does not hold. */
export function configFromParams(params: PlaygroundParams): { config: TinyModelConfig; settings: TrainSettings } {
  const config: TinyModelConfig = {
    ...defaultConfig(params.task),
    layers: params.layers,
    heads: params.heads,
    width: params.width,
    ffnWidth: 2 * params.width,
    causal: params.causal,
  };
  const settings: TrainSettings = { ...defaultSettings(params.task), learningRate: params.learningRate, seed: params.seed };
  return { config, settings };
}

/**
 * The params after a change from the form. Choosing another task alone resets the architecture and learning rate
 * to that task's defaults (sort needs two layers: a student switching task expects the setup that learns it); the
 * seed stays. Values given together with the task win. Refused values keep the current setting and yield notices.
 */
export function changeParams(current: PlaygroundParams, change: Partial<PlaygroundParams>): CheckedPlaygroundParams {
  const notices: PlaygroundNotice[] = [];
  let task = current.task;
  let base = current;
  if (change.task !== undefined && change.task !== current.task) {
    if (isTaskName(change.task)) {
      task = change.task;
      base = { ...defaultPlaygroundParams(task), seed: current.seed };
    } else {
      notices.push({ param: 'task', value: String(change.task), reason: 'invalid', fallback: current.task });
    }
  }
  const candidates: Partial<Record<NumericField, ParamCandidate>> = {};
  for (const field of NUMERIC_FIELDS) {
    const value = change[field];
    if (value !== undefined) candidates[field] = { value: typeof value === 'number' ? value : Number.NaN, raw: String(value) };
  }
  const checked = normalizeParams(task, candidates, base);
  const causal = typeof change.causal === 'boolean' ? change.causal : checked.params.causal;
  return { params: { ...checked.params, causal }, notices: [...notices, ...checked.notices] };
}

export function sameParams(a: PlaygroundParams, b: PlaygroundParams): boolean {
  return a.task === b.task && a.layers === b.layers && a.heads === b.heads && a.width === b.width && a.learningRate === b.learningRate && a.seed === b.seed && a.causal === b.causal;
}
