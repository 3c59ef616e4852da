import { MAX_TOKENS } from '../engine';
import type { LabSettings } from '../state/labStore';
import { largestPassing } from '../state/url/largestPassing';
import type { EmbedWidget } from '../shared/embedContract';

/*
 * An embed runs on the main thread of someone else's page (a course page, a slide deck): while it computes or
 * paints, that page cannot scroll or take a click. So an embed computes at most as many tokens as keep one update
 * (load, a head toggle, a mask click, a keystroke) within about 200 ms on a slow laptop, and says when it cut the
 * text (LabStatus). The lab itself keeps the engine's full limit.
 *
 * Work is estimated from what dominates a profile of the embed page (Chromium, this project's 2-core CI machine):
 *   - the feed-forward network and W_O in TypeScript: layers · n · d · (d + 2F) multiply-adds (F = 4d);
 *   - attention on the SIMD kernels: layers · heads · n² · d_k multiply-adds for QKᵀ and again for weights · V;
 *   - painting attention maps: n² cells per map drawn — every head of every layer plus the averages in the heads
 *     grid, one map in the heatmap, lines for every head of one layer in the head view (and its difference grid).
 * Measured there: 512 tokens, d=128, h=16, 4 layers took 2.1 s in the heads grid and 0.9 s in the heatmap;
 * 256 tokens 0.78 s (heads grid); the default model at 512 tokens 0.3 s. The costs below fit those figures.
 */

type ModelShape = Pick<LabSettings, 'embedDim' | 'numHeads' | 'numLayers'>;

/** Milliseconds per unit of work, fitted to the profiles above (TypeScript multiply-add, SIMD multiply-add, painted cell). */
const MS_PER_LINEAR_MAC = 2.2e-6;
const MS_PER_ATTENTION_MAC = 1.5e-7;
const MS_PER_PAINTED_CELL = 5e-5;

/** What one update may cost: 100 ms of estimate leaves room for React and layout within 200 ms. */
export const EMBED_UPDATE_BUDGET_MS = 100;

/** The smallest limit an embed ever sets: a sentence of this length is always shown whole. */
export const EMBED_MIN_TOKENS = 32;

/** How many attention maps (each n × n) the widget paints per update. */
function mapsPainted(widget: EmbedWidget, model: ModelShape): number {
  switch (widget) {
    case 'heads-grid':
      return model.numLayers * (model.numHeads + 1);
    case 'head-view':
      return model.numHeads + 1;
    case 'heatmap':
      return 1;
    default:
      // The walkthrough widgets draw one layer's matrices; the experiments do not read the sentence at all.
      return 2;
  }
}

/** Estimated milliseconds for one update of `widget` on `tokens` tokens. */
export function estimatedUpdateMs(widget: EmbedWidget, model: ModelShape, tokens: number): number {
  const d = model.embedDim;
  const ffn = 4 * d;
  const linear = model.numLayers * tokens * d * (d + 2 * ffn);
  const attention = 2 * model.numLayers * model.numHeads * tokens * tokens * (d / model.numHeads);
  const painted = mapsPainted(widget, model) * tokens * tokens;
  return linear * MS_PER_LINEAR_MAC + attention * MS_PER_ATTENTION_MAC + painted * MS_PER_PAINTED_CELL;
}

/** The most tokens `widget` computes for this model: MAX_TOKENS when that fits the budget, else the largest n that does. */
export function embedTokenLimit(widget: EmbedWidget, model: ModelShape): number {
  // The estimate grows with n, so the largest n within budget is a binary search away.
  const fitting = largestPassing(MAX_TOKENS, (n) => estimatedUpdateMs(widget, model, n) <= EMBED_UPDATE_BUDGET_MS);
  return Math.max(EMBED_MIN_TOKENS, fitting);
}
