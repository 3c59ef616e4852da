import type { CausalLmRun } from '../../engine';
import { nextTokenAt } from '../../models/pipeline/runReadings';
import { useT, type Translate } from '../../i18n/translate';
import type { LabComputation } from '../../run/computeLab';
import { rememberedBaseline } from '../../models/pipeline/labVariants';
import { nextTokenRun } from '../../models/registry';
import { useLabFields } from '../../state/useLabFields';
import { NextTokenPredictions } from './NextTokenPredictions';

const SHOWN = 5;

/** What differs from the baseline, in words ("L2 H1 off · causal mask off · 2 positions masked"), or null. */
function changesOf(run: CausalLmRun, t: Translate): string | null {
  const parts: string[] = [];
  run.disabledHeads.forEach((heads, layer) => {
    for (const head of [...heads].sort((a, b) => a - b)) parts.push(t('predictions.change.head', { layer: layer + 1, head: head + 1 }));
  });
  if (!run.inputs.causal) parts.push(t('predictions.change.causalOff'));
  if (run.inputs.mask.kind !== 'none') parts.push(t('predictions.change.mask'));
  if (!run.inputs.positionalEncoding) parts.push(t('predictions.change.noPositions'));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The trained model's next-token predictions at the chosen position (settings' predictAt, default the last), live
 * with ablation and masks; "before → after" against the unchanged model whenever something is switched.
 */
export function PredictionsPanel({ result }: { readonly result: LabComputation }) {
  const t = useT();
  const { predictAt, set } = useLabFields('predictAt', 'set');
  const run = nextTokenRun(result);
  const change = run ? changesOf(run, t) : null;
  // Computed by the pipeline with the run (models/pipeline/labVariants.ts): read here, never computed.
  const baseline = run && change !== null ? rememberedBaseline(run) : null;
  if (!run) return null;
  const positions = run.tokenIds.length;
  const position = predictAt === null ? positions - 1 : Math.min(Math.max(0, predictAt), positions - 1);
  const label = (id: number): string => run.model.tokenLabel(id);
  // One softmax per run and position (the pipeline's, shared), read by the top 5 and every row's "before → after".
  const now = nextTokenAt(run.logits, position);
  const before = baseline ? nextTokenAt(baseline.logits, position) : null;
  return (
    <NextTokenPredictions
      after={now.top(SHOWN)}
      before={before ? before.top(SHOWN) : null}
      probabilityBefore={before ? (id) => before.probability(id) : undefined}
      probabilityAfter={(id) => now.probability(id)}
      label={label}
      contextLabel={run.tokens[position]?.text ?? label(run.tokenIds[position])}
      position={position}
      positions={positions}
      positionLabels={run.tokens.map((tk) => tk.text)}
      onPositionChange={(p) => set({ predictAt: p === positions - 1 ? null : p })}
      changeSummary={change}
    />
  );
}
