// @vitest-environment node
// What `npm run lm -- eval` reads: training streams (or why the baselines are n/a), the model file, and how the
// command reports a user's mistake (one line, exit code 1, no stack trace).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVocabulary } from '../../../src/engine';
import { NO_DATA, readModel, readTrainStreams, UserError } from '../../../scripts/lm/evalInputs';
import { SOURCES } from '../../../scripts/lm/sources';

const vocabulary = buildVocabulary(['a b c'], { size: 260 });
let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lm-eval-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeStreams = (): void => SOURCES.forEach((s, k) => writeFileSync(join(dir, `${s.name}.train.u16`), new Uint8Array(Uint16Array.from([0, 257 + k, 258]).buffer)));

describe('readTrainStreams', () => {
  it('reads every source\'s uint16 stream', () => {
    writeStreams();
    writeFileSync(join(dir, 'vocabulary.json'), JSON.stringify(vocabulary));
    const data = readTrainStreams(dir, vocabulary);
    expect('streams' in data && data.streams.map((s) => [...s])).toEqual(SOURCES.map((_, k) => [0, 257 + k, 258]));
  });

  it('says how to make the data when a file is missing, and refuses counts from another vocabulary', () => {
    expect(readTrainStreams(dir, vocabulary)).toEqual({ missing: NO_DATA });
    writeStreams();
    writeFileSync(join(dir, 'vocabulary.json'), JSON.stringify(buildVocabulary(['x y z'], { size: 260 })));
    const other = readTrainStreams(dir, vocabulary);
    expect('missing' in other && other.missing).toMatch(/not the model's vocabulary/);
  });
});

describe('readModel and the command', () => {
  it('names a missing model file, and passes a damaged one\'s EngineError on', () => {
    expect(() => readModel(join(dir, 'none.bin'))).toThrow(UserError);
    writeFileSync(join(dir, 'bad.bin'), 'not a model');
    expect(() => readModel(join(dir, 'bad.bin'))).toThrow(/damaged or not a language-model file/);
  });

  it('prints one line and exits 1 for a missing passages file or a damaged model', () => {
    const run = (...args: string[]) => spawnSync(join('node_modules', '.bin', 'tsx'), ['scripts/lm/cli.ts', ...args], { encoding: 'utf8' });
    const missing = run('eval', join(dir, 'nope.txt'));
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(`lm eval: no such file: ${join(dir, 'nope.txt')}`);
    writeFileSync(join(dir, 'lines.txt'), 'The cat.\n');
    writeFileSync(join(dir, 'bad.bin'), 'ATTNLM01 and then nothing useful');
    const damaged = run('eval', join(dir, 'lines.txt'), '--model', join(dir, 'bad.bin'));
    expect(damaged.status).toBe(1);
    expect(damaged.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^lm eval: The model file is damaged/)]);
    expect(damaged.stdout).toBe('');
  });
});
