/** What `npm run lm -- eval` reads from disk: the model file, the passages, the training token streams. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CausalLmModel, createLmTokenizer, type LmVocabulary } from '../../src/engine';
import { parseLmModelFile } from '../../src/engine/lm/modelFile';
import { SOURCES } from './sources';

/** A mistake of the caller (a missing file, a bad argument): printed as one line, no stack trace. */
export class UserError extends Error {}

export function readModel(path: string): { model: CausalLmModel; vocabulary: LmVocabulary } {
  if (!existsSync(path)) throw new UserError(`no model file at ${path}: train and export one (scripts/lm/train.py, scripts/lm/export.py) or pass --model FILE`);
  const bytes = readFileSync(path);
  const file = parseLmModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return { model: new CausalLmModel(file.weights, { tokenizer: createLmTokenizer(file.vocabulary) }), vocabulary: file.vocabulary };
}

export function readText(path: string): string {
  if (!existsSync(path)) throw new UserError(`no such file: ${path}`);
  return readFileSync(path, 'utf8');
}

/** One uint16 little-endian token file, viewed in place when its bytes are 2-aligned. */
function readU16(path: string): Uint16Array {
  const bytes = readFileSync(path);
  if (bytes.byteLength % 2 !== 0) throw new UserError(`${path} has an odd number of bytes: it is not a uint16 token stream`);
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : Uint8Array.from(bytes);
  const ids = new Uint16Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 2);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) ids.forEach((id, k) => (ids[k] = ((id & 0xff) << 8) | (id >> 8))); // big-endian host
  return ids;
}

export type TrainStreams = { readonly streams: Uint16Array[]; readonly files: number } | { readonly missing: string };

export const NO_DATA = 'run npm run lm:corpus && npm run lm:data';

function tokensOf(json: string): unknown {
  try {
    return (JSON.parse(json) as { tokens?: unknown }).tokens;
  } catch {
    return undefined; // not JSON: treated as another vocabulary
  }
}

/**
 * Every source's `<source>.train.u16` in `dir` (SOURCES), or why not: a file is missing, or the data's
 * vocabulary.json is not the model's (its counts would be of other tokens).
 */
export function readTrainStreams(dir: string, vocabulary: LmVocabulary): TrainStreams {
  const paths = SOURCES.map((s) => join(dir, `${s.name}.train.u16`));
  if (!paths.every((p) => existsSync(p))) return { missing: NO_DATA };
  const vocabPath = join(dir, 'vocabulary.json');
  if (existsSync(vocabPath)) {
    const data = tokensOf(readFileSync(vocabPath, 'utf8'));
    const same = Array.isArray(data) && data.length === vocabulary.tokens.length && data.every((t, i) => t === vocabulary.tokens[i]);
    if (!same) return { missing: `${vocabPath} is not the model's vocabulary; ${NO_DATA} for this model's data` };
  }
  return { streams: paths.map(readU16), files: paths.length };
}
