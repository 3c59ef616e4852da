import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { CausalLmWeights } from '../../src/engine/lm/causalLmWeights';
import { gpt2WeightsFromCheckpoint } from '../../src/engine/lm/gpt2Checkpoint';
import { parseLmModelFile } from '../../src/engine/lm/modelFile';
import { EngineError } from '../../src/engine/errors';
import { checkFixture } from './checkFixture';
import { FixtureFormatError, parseFixture, type ExternalModelLoaders } from './parseFixture';

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

/** A file a fixture names (path relative to the fixture); a missing one is the fixture's fault, reported as such. */
function readNamed(fixtureFile: string, path: string) {
  try {
    return readFileSync(resolve(dirname(fixtureFile), path));
  } catch (err) {
    throw new FixtureFormatError(`cannot read ${path}: ${(err as Error).message}`);
  }
}

function asBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Reads `model_file` with the app's decoder and `checkpoint` with the engine's Hugging Face GPT-2 loader. */
function externalModelLoaders(fixtureFile: string): ExternalModelLoaders {
  return {
    modelFile: (path): CausalLmWeights => {
      const bytes = readNamed(fixtureFile, path);
      return parseLmModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).weights;
    },
    checkpoint: (safetensorsPath, configPath): CausalLmWeights => {
      let config: unknown;
      try {
        config = JSON.parse(readNamed(fixtureFile, configPath).toString('utf8'));
      } catch (err) {
        if (err instanceof FixtureFormatError) throw err;
        throw new FixtureFormatError(`${configPath} is not JSON: ${(err as Error).message}`);
      }
      return gpt2WeightsFromCheckpoint(asBytes(readNamed(fixtureFile, safetensorsPath)), config);
    },
  };
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
    const fixture = parseFixture(raw, externalModelLoaders(file));
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
