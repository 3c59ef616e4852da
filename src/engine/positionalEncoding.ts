import { add, zeros, type Matrix } from './matrix';

/**
 * Sinusoidal positional encoding (Vaswani et al. 2017), [positions × width]:
 * PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).
 * Wavelengths run from 2π to 10000·2π, so nearby positions get similar codes.
 */
export function sinusoidalPositionalEncoding(positions: number, width: number): Matrix {
  const pe = zeros(positions, width);
  for (let pos = 0; pos < positions; pos++) {
    for (let i = 0; i < width; i += 2) {
      const angle = pos / Math.pow(10000, i / width);
      pe.data[pos * width + i] = Math.sin(angle);
      if (i + 1 < width) pe.data[pos * width + i + 1] = Math.cos(angle);
    }
  }
  return pe;
}

export function addPositionalEncoding(x: Matrix): Matrix {
  return add(x, sinusoidalPositionalEncoding(x.rows, x.cols), 'embeddings', 'positional encoding');
}
