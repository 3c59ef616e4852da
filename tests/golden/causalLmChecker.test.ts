// @vitest-environment node
// The golden checker on kind causal_lm: it compares logits and every head's weights, applies disabled_heads, and
// says which value failed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile } from '../../scripts/golden/runGolden';

const source = join(__dirname, '..', 'fixtures', 'causal_lm_ablated.json');

function checkEdited(edit: (fixture: { expected: { logits: number[][]; weights: number[][][][] }; disabled_heads: number[][] }) => void) {
  const fixture = JSON.parse(readFileSync(source, 'utf8'));
  edit(fixture);
  const file = join(mkdtempSync(join(tmpdir(), 'golden-lm-')), 'edited.json');
  writeFileSync(file, JSON.stringify(fixture));
  return checkFile(file);
}

describe('the golden checker on causal_lm fixtures', () => {
  it('passes the committed fixture and names its kind and sizes', () => {
    const line = checkFile(source);
    expect(line.ok).toBe(true);
    expect(line.text).toMatch(/^ok {3}causal_lm_ablated\.json \(causal_lm, L=20 E=24 H=4\) max_abs_error=/);
  });

  it('fails a logit nudged by 1e-3, and a head weight nudged by 1e-3, naming it', () => {
    const logit = checkEdited((f) => (f.expected.logits[4][7] += 1e-3));
    expect(logit.ok).toBe(false);
    expect(logit.text).toContain('logits[4][7]');
    const weight = checkEdited((f) => (f.expected.weights[2][1][6][3] += 1e-3));
    expect(weight.ok).toBe(false);
    expect(weight.text).toContain('weights[2][1][6][3]');
  });

  it('fails when disabled_heads is dropped (the ablation is applied), and refuses a malformed pair', () => {
    expect(checkEdited((f) => (f.disabled_heads = [])).ok).toBe(false);
    expect(checkEdited((f) => (f.disabled_heads = [[0]])).text).toMatch(/not a valid fixture: disabled_heads\[0\]/);
  });
});
