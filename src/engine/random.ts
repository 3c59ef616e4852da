import { zeros, type Matrix } from './matrix';

/** A seeded generator of floats in [0, 1). Passed into the engine so that the same seed gives the same weights. */
export type Random = () => number;

/** mulberry32: a tiny 32-bit generator, good enough for initialisation and reproducible across browsers. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string: how a token picks its own embedding seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A standard normal sample (Box–Muller). */
export function normal(random: Random): number {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * Xavier (Glorot) uniform for a Linear weight of shape out × in: U(−a, a) with a = √(6 / (in + out)).
 * Keeps the variance of activations roughly constant from layer to layer.
 */
export function xavierUniform(outFeatures: number, inFeatures: number, random: Random): Matrix {
  const m = zeros(outFeatures, inFeatures);
  const bound = Math.sqrt(6 / (inFeatures + outFeatures));
  for (let i = 0; i < m.data.length; i++) m.data[i] = (random() * 2 - 1) * bound;
  return m;
}
