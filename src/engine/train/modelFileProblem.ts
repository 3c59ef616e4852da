import { EngineError } from '../errors';
import { truncateLabel } from '../truncate';

/*
 * Why a model file was refused, as data: a reason and its parameters, so that the page can say it in the
 * student's language (the EngineError's English `message` stays for logs). The engine throws these as an
 * EngineError whose `details` are { reason, ...params }; refusalOf() reads them back, and the worker sends
 * { reason, params } in its error event (checked again on arrival by parseModelFileProblem).
 *
 * Every parameter that comes from the file (a value, a tensor name, a shape) is already cut to QUOTE_MAX
 * characters by quoteValue / quoteText, so no refusal can carry a megabyte of text to the page.
 */

/** The most characters of a value from the file quoted back to the student. */
export const QUOTE_MAX = 40;

/** The parameters of each reason (string: shown as is; number: a count or a size). */
export interface ModelFileProblemParams {
  /** The file is larger than MAX_MODEL_FILE_BYTES (sizes in MB, one decimal). */
  'too-large': { size: string; limit: number };
  /** The browser could not read the picked file. */
  unreadable: Record<string, never>;
  'not-json': Record<string, never>;
  /** Lists and objects nested deeper than MAX_MODEL_FILE_DEPTH. */
  'too-deep': { limit: number };
  /** The JSON is not an object (value: a preview of what it is). */
  'not-object': { value: string };
  /** A JSON object without a format field: not a model file at all. */
  'no-format': Record<string, never>;
  format: { value: string; expected: string };
  version: { value: string; expected: number };
  'field-missing': { field: string };
  'field-object': { field: string; value: string };
  /** range: language-neutral, e.g. "1–16" or "≥ 0". */
  'field-whole': { field: string; range: string; value: string };
  'field-number': { field: string; range: string; value: string };
  'field-boolean': { field: string; value: string };
  task: { field: string; tasks: string; value: string };
  divide: { width: number; heads: number };
  'missing-tensor': { tensor: string };
  'extra-tensor': { tensor: string };
  shape: { tensor: string; shape: string; expected: string };
  base64: { tensor: string };
  'byte-count': { tensor: string; bytes: number };
  count: { tensor: string; count: number; expected: number };
  'not-finite': { tensor: string; value: string; index: number };
  /** Training the model would need `needed` MB, more than the budget of `limit` MB. */
  memory: { needed: number; limit: number };
  /** The shipped file of one task holds a model of another. */
  'other-task': { task: string; expected: string };
}

export type ModelFileReason = keyof ModelFileProblemParams;

export type ModelFileProblem = {
  [R in ModelFileReason]: { readonly reason: R; readonly params: Readonly<ModelFileProblemParams[R]> };
}[ModelFileReason];

/** A refusal as the page keeps it: the problem to translate and the English sentence for logs. */
export interface ModelFileRefusal {
  readonly problem: ModelFileProblem;
  readonly message: string;
}

type Kind = 'string' | 'number';

/** The parameter names and types of every reason, for the checks on what crosses the worker channel. */
const PARAMS: { readonly [R in ModelFileReason]: { readonly [K in keyof ModelFileProblemParams[R]]-?: Kind } } = {
  'too-large': { size: 'string', limit: 'number' },
  unreadable: {},
  'not-json': {},
  'too-deep': { limit: 'number' },
  'not-object': { value: 'string' },
  'no-format': {},
  format: { value: 'string', expected: 'string' },
  version: { value: 'string', expected: 'number' },
  'field-missing': { field: 'string' },
  'field-object': { field: 'string', value: 'string' },
  'field-whole': { field: 'string', range: 'string', value: 'string' },
  'field-number': { field: 'string', range: 'string', value: 'string' },
  'field-boolean': { field: 'string', value: 'string' },
  task: { field: 'string', tasks: 'string', value: 'string' },
  divide: { width: 'number', heads: 'number' },
  'missing-tensor': { tensor: 'string' },
  'extra-tensor': { tensor: 'string' },
  shape: { tensor: 'string', shape: 'string', expected: 'string' },
  base64: { tensor: 'string' },
  'byte-count': { tensor: 'string', bytes: 'number' },
  count: { tensor: 'string', count: 'number', expected: 'number' },
  'not-finite': { tensor: 'string', value: 'string', index: 'number' },
  memory: { needed: 'number', limit: 'number' },
  'other-task': { task: 'string', expected: 'string' },
};

export const MODEL_FILE_REASONS = Object.keys(PARAMS) as readonly ModelFileReason[];

const isReason = (value: unknown): value is ModelFileReason => typeof value === 'string' && Object.hasOwn(PARAMS, value);

/** A string parameter longer than this is not one the engine made (they are cut to QUOTE_MAX, names and ranges are short). */
const MAX_PARAM_CHARS = 2 * QUOTE_MAX + 20;

/**
 * A clean copy of a problem, or null: a known reason with exactly its parameters, each of its type (numbers finite,
 * strings short). Never throws; used on the worker's error events.
 */
export function parseModelFileProblem(value: unknown): ModelFileProblem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { reason, params } = value as { reason?: unknown; params?: unknown };
  if (!isReason(reason) || typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const copy = paramsOf(reason, params as Record<string, unknown>);
  return copy === null ? null : ({ reason, params: copy } as ModelFileProblem);
}

function paramsOf(reason: ModelFileReason, source: Record<string, unknown>): Record<string, string | number> | null {
  const kinds = PARAMS[reason] as Readonly<Record<string, Kind>>;
  const copy: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const param = Object.hasOwn(source, name) ? source[name] : undefined;
    if (kind === 'number' && typeof param === 'number' && Number.isFinite(param)) copy[name] = param;
    else if (kind === 'string' && typeof param === 'string' && param.length <= MAX_PARAM_CHARS) copy[name] = param;
    else return null;
  }
  return copy;
}

/** The EngineError the engine throws for a refused file: `details` are { reason, ...params }. */
export function refusal(problem: ModelFileProblem, message: string): EngineError {
  return new EngineError('invalid-argument', message, { ...problem.params, reason: problem.reason });
}

/** The problem and message of an error thrown by refusal(), or null for any other error. */
export function refusalOf(error: unknown): ModelFileRefusal | null {
  if (!(error instanceof EngineError)) return null;
  const { reason, ...params } = error.details;
  if (!isReason(reason)) return null;
  const copy = paramsOf(reason, params);
  return copy === null ? null : { problem: { reason, params: copy } as ModelFileProblem, message: error.message };
}

/** Control characters and direction overrides would garble the sentence a value is quoted in. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g;

/** The start of a text with unprintable characters as spaces (only the start is ever shown, so only it is cleaned). */
const printable = (text: string): string => text.slice(0, 4 * QUOTE_MAX).replace(UNPRINTABLE, ' ');

/** Text from the file (a tensor name, a key) as it is quoted: printable, at most QUOTE_MAX characters. */
export function quoteText(text: string): string {
  return truncateLabel(printable(text), QUOTE_MAX);
}

/**
 * A short, language-neutral picture of any JSON value, at most QUOTE_MAX characters: strings in double quotes,
 * numbers, true / false / null, and lists and objects as […] and {…} (their contents are never walked, so a deep or
 * huge value costs nothing). undefined (a missing field) is "undefined" but is normally reported as missing.
 */
export function quoteValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `"${truncateLabel(printable(value), QUOTE_MAX - 2)}"`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return truncateLabel(String(value), QUOTE_MAX);
    case 'undefined':
      return 'undefined';
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? '[…]' : '{…}';
    default:
      return `(${typeof value})`;
  }
}
