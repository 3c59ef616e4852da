import type { HeadId, MaskChoice } from '../choices';
import type { EncoderLayerParams, EncoderLayerTrace } from '../encoderLayer';
import type { Matrix } from '../matrix';
import type { BlockedMask } from '../masks';
import { activeBackend } from './backend';
import { ablationOf, maskKeyOf, maskStage } from './choiceStages';
import { ablatedStage, allHeadsStage, type LayerContext } from './layerStages';
import { sameFields, StageCache } from './stageCache';

/** What the layers of a run depend on beyond its input: the student's mask and switches, and the model's own rules. */
export interface LayerChoices {
  readonly mask: MaskChoice;
  /** A decoder's own causal mask, which the student's mask adds to (the encoder: false). */
  readonly causal: boolean;
  /** Pre-LN blocks (the language model, the walkthrough's variant) or post-LN (the encoder). */
  readonly normFirst: boolean;
  readonly disabledHeads: readonly HeadId[];
}

/** Stages 2–4 of a run, for any model kind. */
export interface LayerStages {
  readonly mask: BlockedMask | null;
  /** Every layer with all heads on: what an ablation is compared with. */
  readonly baseline: EncoderLayerTrace[];
  /** The layers as run: the baseline, or the ablated layers when a head is off. */
  readonly layers: EncoderLayerTrace[];
  readonly disabledHeads: Set<number>[];
}

// Two entries per stage: the lab and one variant (the walkthrough's pre-LN run, an ablation's baseline) alternate
// without evicting each other.
const ENTRIES = 2;

/**
 * The stages both model kinds share after their input stage, each cached on what it depends on:
 *   input, mask choice, causal (for that many tokens)  → the mask
 *   + normFirst, backend                               → every layer, all heads on (the baseline)
 *   + disabled heads                                   → the ablated layers (from the baseline; see ablatedStage)
 * so a head toggle recomputes only concat · W_o of the changed layer onward, and a mask change reuses the input.
 * `owner` is the model: the backend keeps its packed weights under it.
 */
export class StagedLayers {
  private readonly masks = new StageCache<string, BlockedMask | null>(ENTRIES, Object.is);
  private readonly baselines = new StageCache<{ input: Matrix; mask: BlockedMask | null; normFirst: boolean; backend: string }, EncoderLayerTrace[]>(ENTRIES, sameFields);
  private readonly ablations = new StageCache<{ baseline: EncoderLayerTrace[]; heads: string }, EncoderLayerTrace[]>(ENTRIES, sameFields);

  constructor(
    private readonly weights: readonly EncoderLayerParams[],
    private readonly numHeads: number,
    private readonly owner: object,
  ) {}

  /** `input` must be a cached input stage's matrix: the baseline is found by its identity. */
  run(input: Matrix, choices: LayerChoices): LayerStages {
    const count = input.rows;
    const mask = this.masks.getOrCompute(maskKeyOf(choices.mask, count, choices.causal), () => maskStage(choices.mask, count, choices.causal));
    const context = this.context(mask, choices.normFirst);
    const baseline = this.baselines.getOrCompute({ input, mask, normFirst: choices.normFirst, backend: context.backend.name }, () => allHeadsStage(input, context));
    const ablation = ablationOf(choices.disabledHeads, this.weights.length, this.numHeads);
    const layers = ablation.any ? this.ablations.getOrCompute({ baseline, heads: ablation.key }, () => ablatedStage(baseline, ablation.sets, context)) : baseline;
    return { mask, baseline, layers, disabledHeads: ablation.sets };
  }

  /** What every layer of one pass shares; also for one-off passes that bypass the caches. */
  context(mask: BlockedMask | null, normFirst: boolean): LayerContext {
    return { weights: this.weights, mask, normFirst, backend: activeBackend(), owner: this.owner };
  }
}
