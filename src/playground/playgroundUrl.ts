import { defaultConfig, defaultSettings } from '../engine/train';
import { isTaskName } from '../engine/train/tasks';
import type { TaskName, TinyModelConfig, TrainSettings } from '../engine/train/types';
import { URL_BUDGET } from '../state/urlBudget';
import { PLAYGROUND_LIMITS, type CheckedPlaygroundParams, type ParsedPlaygroundQuery, type PlaygroundNotice, type PlaygroundParamName, type PlaygroundParams } from './types';

/*
 * The playground's settings in the hash, like the rest of the app (a link reproduces the setup):
 *
 *   #/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1
 *
 * Reading trusts nothing. Every refused value yields a notice and the rule is the lab's (src/state/urlState.ts):
 *   - unknown task, a number that is not a plain decimal (lr=abc, layers=1.5, width=0x20) → the default ('malformed')
 *   - a number outside PLAYGROUND_LIMITS (layers=99, lr=5) → the default, not the nearest limit ('range'): a
 *     clamped lr=1 or seed=4294967295 is no closer to what the link meant than the task's tested default
 *   - heads that do not divide the width → the largest divisor of the width below the heads asked for ('divide'),
 *     so heads=3 with width 32 becomes 2 heads: the nearest architecture that can be built
 *   - a parameter the playground does not know → ignored ('unknown'; one notice per name, the first
 *     MAX_UNKNOWN_NOTICES names only, so a hash of 5,000 made-up parameters does not list 5,000 lines)
 * Absent parameters take the task's defaults (TASK_DEFAULTS), and the seed 1. Writing is canonical: every parameter
 * in a fixed order, numbers as String(n), so parse(query(p)) = p for every valid p. The hash stays within
 * URL_BUDGET.maxHashLength: an input too long for it (a loaded model's, up to 1,024 tokens) is left out of the
 * link (playgroundInputFitsUrl says when), the settings always fit.
 */

/** The URL names, in the order they are written. */
export const PLAYGROUND_PARAM_NAMES: readonly PlaygroundParamName[] = ['task', 'layers', 'heads', 'width', 'lr', 'seed', 'causal', 'input'];

export const PLAYGROUND_ROUTE = '#/playground';

const DEFAULT_SEED = 1;
/** Unknown parameter names reported one by one; the rest are dropped from the hash without a notice of their own. */
export const MAX_UNKNOWN_NOTICES = 5;
/** A plain decimal number (optionally with an exponent): no hex, no spaces, no empty string, no Infinity. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

type NumericField = 'layers' | 'heads' | 'width' | 'learningRate' | 'seed';
const FIELD_PARAM: Readonly<Record<NumericField, PlaygroundParamName>> = {
  layers: 'layers',
  heads: 'heads',
  width: 'width',
  learningRate: 'lr',
  seed: 'seed',
};
const WHOLE_FIELDS: ReadonlySet<NumericField> = new Set(['layers', 'heads', 'width', 'seed']);

/** The task's tested architecture and learning rate, and seed 1. */
export function defaultPlaygroundParams(task: TaskName = 'reversal'): PlaygroundParams {
  const config = defaultConfig(task);
  const settings = defaultSettings(task);
  return { task, layers: config.layers, heads: config.heads, width: config.width, learningRate: settings.learningRate, seed: DEFAULT_SEED, causal: config.causal };
}

/** Heads of `heads` when it divides `width`, else the largest divisor of `width` below it (1 always divides). */
export function headsDividing(width: number, heads: number): number {
  for (let h = Math.min(heads, width); h > 1; h--) if (width % h === 0) return h;
  return 1;
}

function fieldProblem(field: NumericField, value: number): 'malformed' | 'range' | null {
  if (!Number.isFinite(value)) return 'range';
  if (WHOLE_FIELDS.has(field) && !Number.isInteger(value)) return 'malformed';
  const limits = PLAYGROUND_LIMITS[field];
  return value < limits.min || value > limits.max ? 'range' : null;
}

/** Candidate values, each already a number (NaN for unreadable) and the text it came from, for the notices. */
export interface ParamCandidate {
  readonly value: number;
  readonly raw: string;
}

/**
 * Checks the numeric candidates against the limits and makes heads divide width. A refused value is replaced by
 * the one in `fallback` (the task's defaults for a link, the current settings for the form).
 */
export function normalizeParams(
  task: TaskName,
  candidates: Partial<Record<NumericField, ParamCandidate>>,
  fallback: PlaygroundParams,
): CheckedPlaygroundParams {
  const notices: PlaygroundNotice[] = [];
  const values = { layers: fallback.layers, heads: fallback.heads, width: fallback.width, learningRate: fallback.learningRate, seed: fallback.seed };
  for (const field of Object.keys(values) as NumericField[]) {
    const candidate = candidates[field];
    if (candidate === undefined) continue;
    const problem = Number.isNaN(candidate.value) ? 'malformed' : fieldProblem(field, candidate.value);
    if (problem === null) values[field] = candidate.value;
    else notices.push({ param: FIELD_PARAM[field], value: candidate.raw, reason: problem });
  }
  const heads = headsDividing(values.width, values.heads);
  if (heads !== values.heads) {
    notices.push({ param: 'heads', value: String(values.heads), reason: 'divide' });
    values.heads = heads;
  }
  return { params: { task, ...values, causal: fallback.causal }, notices };
}

function readNumber(raw: string): number {
  return DECIMAL.test(raw) ? Number(raw) : Number.NaN;
}

/** Reads the query of `#/playground?…` (the part after '?', with or without the '?'). Never throws. */
export function parsePlaygroundQuery(query: string): ParsedPlaygroundQuery {
  const search = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const notices: PlaygroundNotice[] = [];
  const known = new Set<string>(PLAYGROUND_PARAM_NAMES);
  const unknown = new Set<string>();
  for (const [name, value] of search) {
    if (known.has(name) || unknown.has(name) || unknown.size === MAX_UNKNOWN_NOTICES) continue;
    unknown.add(name);
    notices.push({ param: name, value, reason: 'unknown' });
  }

  let task: TaskName = 'reversal';
  const rawTask = search.get('task');
  if (rawTask !== null) {
    if (isTaskName(rawTask)) task = rawTask;
    else notices.push({ param: 'task', value: rawTask, reason: 'malformed' });
  }
  const candidates: Partial<Record<NumericField, ParamCandidate>> = {};
  for (const field of Object.keys(FIELD_PARAM) as NumericField[]) {
    const raw = search.get(FIELD_PARAM[field]);
    if (raw !== null) candidates[field] = { value: readNumber(raw), raw };
  }
  const checked = normalizeParams(task, candidates, defaultPlaygroundParams(task));
  const rawCausal = search.get('causal');
  let causal = checked.params.causal;
  if (rawCausal !== null) {
    if (rawCausal === '1' || rawCausal === '0') causal = rawCausal === '1';
    else notices.push({ param: 'causal', value: rawCausal, reason: 'malformed' });
  }
  const rawInput = search.get('input');
  let input: number[] | null = null;
  if (rawInput !== null) {
    const { seqLen, vocab } = defaultConfig(task);
    input = parseSampleInput(rawInput, seqLen, vocab);
    if (input === null) notices.push({ param: 'input', value: rawInput, reason: 'malformed' });
  }
  return { params: { ...checked.params, causal }, notices: [...notices, ...checked.notices], input };
}

/**
 * The student's own input, as typed or as in the URL: `seqLen` tokens from 0 to vocab − 1. With at most ten token
 * kinds every token is one digit ("3141592653589793", spaces and commas ignored: "3141 5926 …"); with more, tokens
 * are separated by spaces or commas ("3, 14, 15"). Null when it is anything else.
 */
export function parseSampleInput(text: string, seqLen: number, vocab: number): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  // One digit per token when the vocabulary allows it, so "0000 1111 2222 3333" is sixteen tokens.
  const parts = vocab <= 10 ? Array.from(trimmed.replace(/[\s,]+/g, '')) : trimmed.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length !== seqLen || parts.some((p) => !/^\d{1,6}$/.test(p))) return null;
  const tokens = parts.map(Number);
  return tokens.every((v) => v < vocab) ? tokens : null;
}

/** How an input is written in the URL and the form: digits run together when every token is one digit. */
export function formatSampleInput(tokens: readonly number[]): string {
  return tokens.every((v) => v < 10) ? tokens.join('') : tokens.join(',');
}

/**
 * The canonical query (no '?'): every parameter, in PLAYGROUND_PARAM_NAMES order. The input is left out when the
 * hash would be longer than URL_BUDGET.maxHashLength with it.
 */
export function playgroundQuery(params: PlaygroundParams, input: readonly number[] | null = null): string {
  const withInput = fullQuery(params, input);
  return input === null || `${PLAYGROUND_ROUTE}?${withInput}`.length <= URL_BUDGET.maxHashLength ? withInput : fullQuery(params, null);
}

/** True when a link to the playground can carry this input (playgroundQuery leaves it out otherwise). */
export function playgroundInputFitsUrl(params: PlaygroundParams, input: readonly number[] | null): boolean {
  return input === null || playgroundQuery(params, input) === fullQuery(params, input);
}

function fullQuery(params: PlaygroundParams, input: readonly number[] | null): string {
  const search = new URLSearchParams();
  search.set('task', params.task);
  search.set('layers', String(params.layers));
  search.set('heads', String(params.heads));
  search.set('width', String(params.width));
  search.set('lr', String(params.learningRate));
  search.set('seed', String(params.seed));
  // Only when it differs from the task's own setting, so the links of the defaults stay as they were.
  if (params.causal !== defaultConfig(params.task).causal) search.set('causal', params.causal ? '1' : '0');
  if (input !== null) search.set('input', formatSampleInput(input));
  return search.toString();
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
      notices.push({ param: 'task', value: String(change.task), reason: 'malformed' });
    }
  }
  const candidates: Partial<Record<NumericField, ParamCandidate>> = {};
  for (const field of Object.keys(FIELD_PARAM) as NumericField[]) {
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

export function sameInput(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
