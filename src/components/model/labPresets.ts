import type { LabSettings } from '../../state/labStore';

/*
 * Sentences that show the trained model at work, for the lab's preset buttons and the lessons' trained-model widget.
 * The model was trained with spans repeated inside a window, so it learned to continue a repeated phrase (a
 * previous-token head and an induction head: which heads, the probes at load time find out), and like any language
 * model it learned which word tends to follow which.
 */
export const TRAINED_EXAMPLE_IDS = ['repeatEn', 'repeatZh', 'nextWord'] as const;
export type TrainedExampleId = (typeof TRAINED_EXAMPLE_IDS)[number];

export const TRAINED_EXAMPLES: Readonly<Record<TrainedExampleId, string>> = {
  // A phrase seen once before: copying from the first sentence gives " house" after the second " old" (" old" occurs
  // once in the first sentence, so the earlier copy is unambiguous; each word is one token of the model's vocabulary).
  repeatEn: 'The little girl walked to the old house by the river. The little girl walked to the old',
  // A rare name seen once before: copying gives 丰 after the second 张三 (one token per character).
  repeatZh: '张三丰去了学校，老师叫了一声张三',
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
