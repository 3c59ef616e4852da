// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile, listFixtureFiles } from '../../scripts/golden/runGolden';

const fixtureDir = join(__dirname, '..', 'fixtures');

function writeTemp(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'golden-'));
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

describe('golden runner', () => {
  it('finds the committed PyTorch fixtures and every one matches within tolerance', () => {
    const files = listFixtureFiles(fixtureDir);
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) expect(checkFile(file)).toMatchObject({ ok: true });
  });

  it('fails a fixture whose expected output was nudged by 1e-3', () => {
    const source = listFixtureFiles(fixtureDir).find((f) => f.includes('mha_h4_causal'))!;
    const fixture = JSON.parse(readFileSync(source, 'utf8'));
    fixture.expected.output[2][3] += 1e-3;
    const line = checkFile(writeTemp('nudged.json', JSON.stringify(fixture)));
    expect(line.ok).toBe(false);
    expect(line.text).toContain('output[2][3]');
  });

  it('fails an encoder fixture run with the wrong LayerNorm placement', () => {
    const source = listFixtureFiles(fixtureDir).find((f) => f.includes('encoder_post_ln_plain'))!;
    const fixture = JSON.parse(readFileSync(source, 'utf8'));
    fixture.norm_first = true;
    expect(checkFile(writeTemp('flipped.json', JSON.stringify(fixture))).ok).toBe(false);
  });

  it('names the file and the reason for unreadable or malformed input', () => {
    expect(checkFile(writeTemp('broken.json', '{ not json')).text).toMatch(/broken\.json: unreadable/);
    const missing = checkFile(writeTemp('missing.json', JSON.stringify({ kind: 'mha', embed_dim: 4, num_heads: 1 })));
    expect(missing.text).toMatch(/missing\.json: not a valid fixture: missing field "x"/);
    const wrongShape = checkFile(writeTemp('shape.json', JSON.stringify({ kind: 'mha', embed_dim: 4, num_heads: 3, seq_len: 1, x: [[1, 2, 3, 4]] })));
    expect(wrongShape.ok).toBe(false);
  });

  it('reports PyTorch NaN (null) rows as passing only when the engine reports the row fully masked', () => {
    const source = listFixtureFiles(fixtureDir).find((f) => f.includes('mha_h1_plain'))!;
    const fixture = JSON.parse(readFileSync(source, 'utf8'));
    const l = fixture.seq_len as number;
    fixture.attn_mask = Array.from({ length: l }, (_, i) => Array.from({ length: l }, () => i === 0));
    fixture.expected.output[0] = fixture.expected.output[0].map(() => null);
    // Other rows' expectations are now stale: only the fully masked row's treatment is checked here.
    const line = checkFile(writeTemp('nan-row.json', JSON.stringify(fixture)));
    expect(line.text).not.toContain('did not report row 0');
  });
});
