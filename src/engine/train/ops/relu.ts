/** ReLU, elementwise over the first `count` values: out = max(0, x). */
export function reluForward(x: Float64Array, count: number, out: Float64Array): void {
  for (let i = 0; i < count; i++) out[i] = x[i] > 0 ? x[i] : 0;
}

/** dx = dy where the input was positive, else 0 (the kink at 0 takes gradient 0, as PyTorch). Writes dx; dx may be dy. */
export function reluBackward(x: Float64Array, dy: Float64Array, count: number, dx: Float64Array): void {
  for (let i = 0; i < count; i++) dx[i] = x[i] > 0 ? dy[i] : 0;
}
