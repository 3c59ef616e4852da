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

  describe('with logits_columns (a large vocabulary: some columns and each row\'s log-sum-exp)', () => {
    type Fixture = { expected: { logits: number[][]; logsumexp?: number[] }; logits_columns?: number[]; wte: number[][] };
    const columns = [0, 3, 7, 11];
    const subset = (f: Fixture) => {
      f.expected.logsumexp = f.expected.logits.map((row) => {
        const top = Math.max(...row);
        return top + Math.log(row.reduce((s, x) => s + Math.exp(x - top), 0));
      });
      f.expected.logits = f.expected.logits.map((row) => columns.map((c) => row[c]));
      f.logits_columns = columns;
    };
    const edited = (more: (f: Fixture) => void) => checkEdited((f) => { subset(f as unknown as Fixture); more(f as unknown as Fixture); });

    it('passes when the stored columns and the log-sum-exp match', () => {
      expect(edited(() => {}).ok).toBe(true);
    });

    it('fails a stored logit nudged by 1e-3, and a log-sum-exp nudged by 1e-3', () => {
      expect(edited((f) => (f.expected.logits[4][2] += 1e-3)).text).toContain('logits (stored columns)[4][2]');
      expect(edited((f) => (f.expected.logsumexp![5] += 1e-3)).text).toContain('logsumexp[5][0]');
    });

    it('catches a change to a token that is not among the stored columns, through the log-sum-exp', () => {
      const wrong = edited((f) => (f.wte[5] = f.wte[5].map((x) => x + 0.5)));
      expect(wrong.ok).toBe(false);
      expect(wrong.text).toContain('logsumexp');
    });

    it('refuses a repeated column, an id outside the vocabulary, and a missing log-sum-exp', () => {
      expect(edited((f) => (f.logits_columns = [0, 0, 7, 11])).text).toMatch(/not a valid fixture: logits_columns\[1\]/);
      expect(edited((f) => (f.logits_columns = [0, 3, 7, 1e6])).text).toMatch(/not a valid fixture: logits_columns\[3\]/);
      expect(edited((f) => delete f.expected.logsumexp).text).toMatch(/not a valid fixture: missing field "logsumexp"/);
    });
  });
});
