/**
 * The skip connection: out = a + b. Its backward is the identity into both branches, so where two gradients
 * meet (the residual stream and the sub-layer's input) they are simply added with this same function.
 */
export function addInto(a: Float64Array, b: Float64Array, count: number, out: Float64Array): void {
  for (let i = 0; i < count; i++) out[i] = a[i] + b[i];
}
