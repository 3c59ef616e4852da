import type { ModelChoice } from '../../state/modelChoice';
import type { LabPage } from '../../state/labStore';
import type { WidgetId } from '../types';

/**
 * Which model each lesson widget runs, shown on the widget as a badge, so a student always knows whether the numbers
 * come from the untrained encoder, the trained language model, or neither:
 * - a ModelChoice: one of the lab's two models (the lessons run the untrained encoder with the lab's width, heads,
 *   layers and seed, except where a widget fixes the trained model); the badge links to its card and opens the lab
 *   on it, on `page`;
 * - 'own': numbers of the widget's own (hand-set vectors, random test vectors, a one-head demo layer);
 * - 'none': formulas and shapes only, no model runs.
 */
export interface LabWidgetModel {
  readonly kind: ModelChoice;
  readonly page: LabPage;
}
export type WidgetModel = LabWidgetModel | { readonly kind: 'own' | 'none' };

export function isLabModel(model: WidgetModel): model is LabWidgetModel {
  return model.kind !== 'own' && model.kind !== 'none';
}

const UNTRAINED_LAB: WidgetModel = { kind: 'untrained', page: 'lab' };
const TRAINED_LAB: WidgetModel = { kind: 'trained', page: 'lab' };
const OWN: WidgetModel = { kind: 'own' };
const NONE: WidgetModel = { kind: 'none' };

// A Record over every WidgetId: a new widget does not type-check until it says what it runs.
export const WIDGET_MODELS: Readonly<Record<WidgetId, WidgetModel>> = {
  'vector-drag': OWN,
  'qkv-editor': OWN,
  // Random vectors of the chosen width, drawn for the experiment.
  'sqrt-dk': OWN,
  // The lab's selected head on the untrained encoder, scaled and unscaled.
  'scaling-compare': UNTRAINED_LAB,
  'mask-lab': UNTRAINED_LAB,
  'fully-masked-row': OWN,
  // Shapes and the untrained encoder's projections at the lab's width.
  'head-split': UNTRAINED_LAB,
  'heads-playground': UNTRAINED_LAB,
  'code-walk': UNTRAINED_LAB,
  'layout-explorer': UNTRAINED_LAB,
  'encoder-block': UNTRAINED_LAB,
  'rank-collapse': UNTRAINED_LAB,
  // A small matrix the student types, normalised both ways.
  'norm-compare': OWN,
  'score-compare': UNTRAINED_LAB,
  // Layer 1 of the untrained encoder, its queries from one sentence and its keys and values from another.
  'cross-attention': UNTRAINED_LAB,
  'pe-heatmap': NONE,
  'permutation': UNTRAINED_LAB,
  'pattern-finder': UNTRAINED_LAB,
  'trained-model-lab': TRAINED_LAB,
  'mini-lab': UNTRAINED_LAB,
  'walkthrough-step': { kind: 'untrained', page: 'walkthrough' },
  'grouped-query': NONE,
  'rope-rotation': OWN,
  // Sizes only: which sub-layers each family has, with the lab's width and heads.
  'decoder-block': NONE,
  'teacher-forcing': NONE,
  'attention-cost': NONE,
  // A one-head, width-8 demo layer (engine/decoding/kvCacheRun).
  'kv-cache': OWN,
  'generation': TRAINED_LAB,
};
