import { EngineError } from './errors';
import { zeros, type Matrix } from './matrix';
import { hashString, mulberry32, normal } from './random';

/**
 * A deterministic stand-in for a learned embedding table, [tokens × width]: each distinct token (case-folded)
 * gets its own standard-normal vector, drawn from a generator seeded by the token and the model seed. The same
 * word therefore always has the same vector, wherever it stands and whatever sentence it is in.
 */
export function embedTokens(tokens: readonly string[], width: number, seed: number): Matrix {
  if (tokens.length === 0) throw new EngineError('empty-input', 'There is nothing to embed: the text has no tokens.');
  const out = zeros(tokens.length, width);
  const cache = new Map<string, Float32Array>();
  tokens.forEach((token, i) => {
    const key = token.toLowerCase();
    let vector = cache.get(key);
    if (!vector) {
      const random = mulberry32(hashString(key) ^ Math.imul(seed | 0, 0x9e3779b1));
      vector = new Float32Array(width);
      for (let c = 0; c < width; c++) vector[c] = normal(random);
      cache.set(key, vector);
    }
    out.data.set(vector, i * width);
  });
  return out;
}
