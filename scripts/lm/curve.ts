/**
 * The training curve of the model card, from the trainer's probe log (log.jsonl: one JSON object per probe). Pure:
 * cli.ts reads the file and prints. `npm run lm -- curve scripts/lm/run/log.jsonl [--every TOKENS]`.
 */

/** One probe of train.py (the fields the card uses). */
export interface ProbeEntry {
  readonly step: number;
  readonly tokens: number;
  readonly minutes: number;
  readonly heldout_loss_en: number;
  readonly heldout_loss_zh: number;
  readonly previous_token: readonly (readonly number[])[];
  readonly induction: readonly (readonly number[])[];
  readonly icl_gain_nats: number;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isGrid = (v: unknown): v is number[][] => Array.isArray(v) && v.every((row) => Array.isArray(row) && row.every(isNumber));

/** The log's probes, in order; a line that is not a probe is an error naming its line number. */
export function parseProbeLog(text: string): ProbeEntry[] {
  const out: ProbeEntry[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1} is not JSON`);
    }
    const e = v as Record<string, unknown>;
    const ok = typeof v === 'object' && v !== null && ['step', 'tokens', 'minutes', 'heldout_loss_en', 'heldout_loss_zh', 'icl_gain_nats'].every((k) => isNumber(e[k])) && isGrid(e.previous_token) && isGrid(e.induction);
    if (!ok) throw new Error(`line ${i + 1} is not a probe of train.py`);
    out.push(e as unknown as ProbeEntry);
  });
  return out;
}

/** The largest score of a [layer][head] grid, named L{layer}H{head} (1-based). */
export function bestOf(grid: readonly (readonly number[])[]): { name: string; score: number } {
  let best = { name: '', score: -Infinity };
  grid.forEach((row, l) => row.forEach((s, h) => {
    if (s > best.score) best = { name: `L${l + 1}H${h + 1}`, score: s };
  }));
  return best;
}

/** Probes about every `every` tokens apart (the first at or after each multiple), plus the last one. */
export function sampleProbes(probes: readonly ProbeEntry[], every: number): ProbeEntry[] {
  const out: ProbeEntry[] = [];
  let next = every;
  for (const p of probes) {
    if (p.tokens >= next) {
      out.push(p);
      next = (Math.floor(p.tokens / every) + 1) * every;
    }
  }
  const last = probes.at(-1);
  if (last && out.at(-1) !== last) out.push(last);
  return out;
}

/** The card's markdown table: tokens, minutes, held-out loss, best previous-token and induction heads, gain. */
export function curveTable(probes: readonly ProbeEntry[]): string[] {
  const rows = [
    '| step | tokens | minutes | held-out loss en / zh (nats per token) | best previous-token head | best induction head | in-context gain (nats) |',
    '| ---: | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const p of probes) {
    const prev = bestOf(p.previous_token);
    const ind = bestOf(p.induction);
    rows.push(
      `| ${p.step.toLocaleString('en-US')} | ${(p.tokens / 1e6).toFixed(1)} M | ${p.minutes.toFixed(0)} | ${p.heldout_loss_en.toFixed(2)} / ${p.heldout_loss_zh.toFixed(2)} | ${prev.score.toFixed(2)} (${prev.name}) | ${ind.score.toFixed(2)} (${ind.name}) | ${p.icl_gain_nats.toFixed(2)} |`,
    );
  }
  return rows;
}
