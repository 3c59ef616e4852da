// @vitest-environment node
// The model card's training-curve table (scripts/lm/curve.ts) from train.py's probe log.
import { bestOf, curveTable, parseProbeLog, sampleProbes, type ProbeEntry } from '../../../scripts/lm/curve';

const probe = (step: number, prev: number, ind: number): ProbeEntry => ({
  step,
  tokens: step * 1024,
  minutes: step / 100,
  heldout_loss_en: 5 - step / 1e4,
  heldout_loss_zh: 6 - step / 1e4,
  previous_token: [[0.1, prev], [0.05, 0.02]],
  induction: [[0.03, 0.03], [ind, 0.04]],
  icl_gain_nats: ind * 3,
});

describe('training curve', () => {
  it('reads the log line by line and names a line that is not a probe', () => {
    const log = `${JSON.stringify(probe(500, 0.2, 0.1))}\n\n${JSON.stringify(probe(1000, 0.3, 0.5))}\n`;
    expect(parseProbeLog(log).map((p) => p.step)).toEqual([500, 1000]);
    expect(() => parseProbeLog(`${JSON.stringify(probe(500, 0.2, 0.1))}\n{"step": 3}`)).toThrow('line 2 is not a probe');
    expect(() => parseProbeLog('not json')).toThrow('line 1 is not JSON');
  });

  it('names the best head 1-based', () => {
    expect(bestOf([[0.1, 0.7], [0.2, 0.3]])).toEqual({ name: 'L1H2', score: 0.7 });
    expect(bestOf([[0.1, 0.2], [0.9, 0.3]])).toEqual({ name: 'L2H1', score: 0.9 });
  });

  it('samples one probe per interval of tokens, and always the last', () => {
    const probes = [500, 1000, 1500, 2000, 2500, 3100].map((s) => probe(s, 0.1, 0.1)); // tokens 0.51 M … 3.17 M
    expect(sampleProbes(probes, 1_000_000).map((p) => p.step)).toEqual([1000, 2000, 3100]);
    expect(sampleProbes(probes, 2_000_000).map((p) => p.step)).toEqual([2000, 3100]);
    expect(sampleProbes([], 1)).toEqual([]);
  });

  it('prints a row per probe with the best heads and the gain', () => {
    const rows = curveTable([probe(10_000, 0.72, 0.45)]);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toBe('| 10,000 | 10.2 M | 100 | 4.00 / 5.00 | 0.72 (L1H2) | 0.45 (L2H1) | 1.35 |');
  });
});
