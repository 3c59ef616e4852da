import type { LabSettings } from '../../state/labStore';

/*
 * Sentences that show the trained model at work, for the lab's preset buttons and the lessons' trained-model widget.
 * The model was trained with spans repeated inside a window, and it learned to continue a repeated phrase (a
 * previous-token head and an induction head: which heads, the probes at load time find out), and like any language
 * model it learned which word tends to follow which. tests/engine/lm/shippedModelClaims.test.ts checks what the
 * hints say of these texts on the shipped model.
 */
export const TRAINED_EXAMPLE_IDS = ['repeatEn', 'repeatZh', 'nextWord'] as const;
export type TrainedExampleId = (typeof TRAINED_EXAMPLE_IDS)[number];

export const TRAINED_EXAMPLES: Readonly<Record<TrainedExampleId, string>> = {
  // A phrase seen once before: copying from the first sentence gives " house" after the second " old" (" old" occurs
  // once in the first sentence, so the earlier copy is unambiguous; each word is one token of the model's vocabulary).
  repeatEn: 'The little girl walked to the old house by the river. The little girl walked to the old',
  // A name seen once before: copying gives 芳 after the second 王 (one token per character; 王 occurs once before).
  repeatZh: '张伟和王芳去公园，张伟看见了王',
  // No earlier copy to read: the last word alone (" New") makes " York" likely.
  nextWord: 'Last year she moved to New',
};

/**
 * What choosing an example sets: its text, the predictions at the last token, every head on, no extra mask and the
 * model's own causal mask on. Not the model: the lab's buttons choose the trained one, a lesson's widget is scoped to it.
 */
export function exampleSettings(text: string): Partial<LabSettings> {
  return { text, predictAt: null, disabledHeads: [], maskMode: 'none', causal: true };
}
