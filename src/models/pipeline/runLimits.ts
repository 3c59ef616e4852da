/*
 * The run pipeline's limits in one table: where a run is computed, when a keystroke waits, how many answers are kept.
 * Each was measured on a 2-core machine in headless Chromium (bench:ui; the closing notes of issues 25 and 28).
 */
export const RUN_LIMITS = {
  /** The untrained encoder runs texts of more tokens than this in its worker: up to it, a run and its drawing fit a frame or two. */
  offThreadTokens: 128,
  /** On a page without that worker, past this many characters a keystroke waits for a pause before the model is recomputed. */
  longTextChars: 300,
  /** The pause in typing that a long text waits for. */
  typingPauseMs: 180,
  /** A change of more characters than this at once is a paste (or a preset), not typing: computed in the next task. */
  pasteChars: 16,
  /** A new text of more tokens than this is drawn in a deferred (interruptible) React render. */
  deferredRenderTokens: 128,
  /** A GPT-2 checkpoint reads at most this many tokens: 12 layers × 12 heads of L × L maps come from the worker per run. */
  checkpointTokens: 128,
  /**
   * Answers a worker's queue keeps, so switching a head off and on again answers at once: the encoder's layer traces
   * are ~8.5 MB a layer at 512 tokens and 8 heads (two is what the page's stage caches held before), GPT-2's are small.
   */
  keptEncoderAnswers: 2,
  keptCheckpointAnswers: 6,
} as const;
