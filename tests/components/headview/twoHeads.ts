import { fromRows } from '../../../src/engine';

// Two heads over three tokens, [query × key]; rows sum to 1 (the head view's and its readings' tests share them).
export const h0 = fromRows([
  [0.7, 0.2, 0.1],
  [0.0, 1.0, 0.0],
  [0.5, 0.25, 0.25],
]);
export const h1 = fromRows([
  [1 / 3, 1 / 3, 1 / 3],
  [0.1, 0.1, 0.8],
  [0.9, 0.05, 0.05],
]);
