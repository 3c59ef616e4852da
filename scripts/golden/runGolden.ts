import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseLmModelFile } from '../../src/engine/lm/modelFile';
import { EngineError } from '../../src/engine/errors';
import { checkFixture } from './checkFixture';
import { FixtureFormatError, parseFixture } from './parseFixture';

export interface GoldenLine {
  readonly file: string;
  readonly ok: boolean;
  readonly text: string;
}

/** The .json files to check: every one in a directory (sorted), or the single file given. */
export function listFixtureFiles(target: string): string[] {
  const stat = statSync(target);
  if (stat.isFile()) return [target];
  return readdirSync(target)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(target, f));
}

export function checkFile(file: string): GoldenLine {
  const name = basename(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { file, ok: false, text: `FAIL ${name}: unreadable: ${(err as Error).message}` };
  }
  try {
    const fixture = parseFixture(raw, (path) => {
      const bytes = readFileSync(resolve(dirname(file), path));
      return parseLmModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).weights;
    });
    const result = checkFixture(fixture);
    const err = result.maxAbsError.toExponential(2);
    const label = `${fixture.kind}, L=${fixture.seqLen} E=${fixture.embedDim} H=${fixture.numHeads}`;
    return result.passed
      ? { file, ok: true, text: `ok   ${name} (${label}) max_abs_error=${err}` }
      : { file, ok: false, text: `FAIL ${name} (${label}) max_abs_error=${err}: ${result.firstFailure}` };
  } catch (err) {
    if (err instanceof FixtureFormatError) return { file, ok: false, text: `FAIL ${name}: not a valid fixture: ${err.message}` };
    if (err instanceof EngineError) return { file, ok: false, text: `FAIL ${name}: the engine refused it: ${err.message}` };
    throw err;
  }
}
