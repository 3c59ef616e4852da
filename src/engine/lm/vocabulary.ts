import { EngineError } from '../errors';

/**
 * The language model's vocabulary: a JSON-serialisable list of token strings whose index is the token id.
 *
 *   {
 *     "format": "attention-lab/lm-vocabulary",
 *     "version": 1,
 *     "tokens": ["<|endoftext|>", "<0x00>", …, "<0xFF>", "e", " ", " the", "的", …],
 *     "special": { "endOfText": 0 }
 *   }
 *
 * Three kinds of token, told apart by the string alone:
 * - special: the strings at the ids in `special` (only "<|endoftext|>" today). encode never produces them, even
 *   for a text that spells "<|endoftext|>", and they decode to nothing;
 * - byte: exactly "<0xNN>" (two upper-case hex digits), all 256 required: the fallback that lets every string
 *   be encoded (its UTF-8 bytes). No text token can look like one: pre-tokenization cuts "<" from "0x";
 * - text: any other string, the exact characters the token stands for (1 to MAX_TOKEN_LENGTH UTF-16 units,
 *   well-formed: no lone surrogate).
 *
 * `version` also covers the pre-tokenization rules (pretokenize.ts): a change there is a new version.
 */
export const LM_VOCABULARY_FORMAT = 'attention-lab/lm-vocabulary';
export const LM_VOCABULARY_VERSION = 1;
export const END_OF_TEXT = '<|endoftext|>';
/** The longest text token, in UTF-16 units; it bounds encode's longest-prefix search, keeping encode linear. */
export const MAX_TOKEN_LENGTH = 32;
/** Special tokens plus the 256 byte tokens: the smallest vocabulary that can encode everything. */
export const RESERVED_TOKENS = 1 + 256;

export interface LmVocabulary {
  readonly format: typeof LM_VOCABULARY_FORMAT;
  readonly version: typeof LM_VOCABULARY_VERSION;
  /** Index = token id. */
  readonly tokens: readonly string[];
  readonly special: { readonly endOfText: number };
}

export function byteToken(byte: number): string {
  return `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`;
}

const BYTE_TOKEN = /^<0x([0-9A-F]{2})>$/;

/** The byte a token string stands for, or undefined for any other token. */
export function byteOfToken(token: string): number | undefined {
  const m = BYTE_TOKEN.exec(token);
  return m ? parseInt(m[1], 16) : undefined;
}

/** Whether `s` is well-formed UTF-16 (no unpaired surrogate), i.e. encodable as strict UTF-8. */
export function isWellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

function corrupt(reason: string, message: string, details: Record<string, number | string> = {}): EngineError {
  return new EngineError('invalid-argument', `The language model's vocabulary is corrupt: ${message}`, { reason, ...details });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a vocabulary (e.g. JSON.parse of a file) and returns it typed. Throws an EngineError
 * ('invalid-argument', details.reason naming the fault) for a wrong format or version, a token that is not a
 * string, empty, too long or ill-formed, a duplicate token, a missing byte token, or a bad special id.
 */
export function parseVocabulary(json: unknown): LmVocabulary {
  if (!isRecord(json)) throw corrupt('not-an-object', 'it is not a JSON object.');
  if (json.format !== LM_VOCABULARY_FORMAT) {
    throw corrupt('format', `its format is ${JSON.stringify(json.format)}, expected "${LM_VOCABULARY_FORMAT}".`);
  }
  if (json.version !== LM_VOCABULARY_VERSION) {
    throw corrupt('version', `it is version ${JSON.stringify(json.version)}; this lab reads version ${LM_VOCABULARY_VERSION}.`, {
      version: String(json.version),
    });
  }
  const tokens = json.tokens;
  if (!Array.isArray(tokens)) throw corrupt('tokens', '"tokens" is not a list.');
  const special = json.special;
  if (!isRecord(special)) throw corrupt('special', '"special" is not an object.');
  const endOfText = special.endOfText;
  if (typeof endOfText !== 'number' || !Number.isInteger(endOfText) || endOfText < 0 || endOfText >= tokens.length) {
    throw corrupt('special', `"special.endOfText" (${JSON.stringify(endOfText)}) is not a token id.`);
  }
  if (tokens[endOfText] !== END_OF_TEXT) throw corrupt('special', `token ${endOfText} is not "${END_OF_TEXT}".`);

  const seen = new Map<string, number>();
  const bytes = new Set<number>();
  tokens.forEach((token: unknown, id) => {
    if (typeof token !== 'string') throw corrupt('token', `token ${id} is not a string.`, { id });
    const first = seen.get(token);
    if (first !== undefined) throw corrupt('duplicate', `token ${id} repeats token ${first} (${JSON.stringify(token)}).`, { id, first });
    seen.set(token, id);
    if (id === endOfText) return;
    const byte = byteOfToken(token);
    if (byte !== undefined) {
      bytes.add(byte);
    } else if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      throw corrupt('token', `token ${id} has ${token.length} characters; a token has 1 to ${MAX_TOKEN_LENGTH}.`, { id });
    } else if (!isWellFormed(token)) {
      throw corrupt('token', `token ${id} holds an unpaired surrogate.`, { id });
    }
  });
  if (bytes.size !== 256) {
    let missing = 0;
    while (bytes.has(missing)) missing++;
    throw corrupt('missing-byte', `it lacks the byte token ${byteToken(missing)} (it has ${bytes.size} of 256).`, { missing: byteToken(missing) });
  }
  return { format: LM_VOCABULARY_FORMAT, version: LM_VOCABULARY_VERSION, tokens: [...(tokens as string[])], special: { endOfText } };
}
