/**
 * Writes safetensors bytes for tests (the format in src/engine/lm/safetensors.ts): F32 values encoded as F32, F16 or
 * BF16, each tensor after the previous one, the header padded with spaces to a multiple of 8 as the reference writer does.
 */
export type WrittenDtype = 'F32' | 'F16' | 'BF16' | 'U8';

export interface TensorToWrite {
  readonly shape: readonly number[];
  readonly values: ArrayLike<number>;
  readonly dtype?: WrittenDtype;
}

/** float32 → IEEE half, round to nearest even (enough for test values; no subnormal care needed beyond zero). */
export function toHalf(value: number): number {
  const f = new Float32Array([value]);
  const x = new Uint32Array(f.buffer)[0];
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  let mant = x & 0x7fffff;
  if (((x >>> 23) & 0xff) === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0); // inf / NaN
  if (exp >= 31) return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - exp;
    const half = mant >> shift;
    const rest = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    return sign | (half + (rest > mid || (rest === mid && half & 1) ? 1 : 0));
  }
  const half = (exp << 10) | (mant >> 13);
  const rest = mant & 0x1fff;
  return sign | (half + (rest > 0x1000 || (rest === 0x1000 && half & 1) ? 1 : 0));
}

/** float32 → bfloat16 bits, round to nearest even. */
export function toBfloat16(value: number): number {
  const x = new Uint32Array(new Float32Array([value]).buffer)[0];
  if (Number.isNaN(value)) return 0x7fc0;
  return ((x + 0x7fff + ((x >>> 16) & 1)) >>> 16) & 0xffff;
}

const SIZE: Record<WrittenDtype, number> = { F32: 4, F16: 2, BF16: 2, U8: 1 };

export function writeSafetensors(tensors: Readonly<Record<string, TensorToWrite>>, metadata: Record<string, string> = { format: 'pt' }): Uint8Array {
  const header: Record<string, unknown> = { __metadata__: metadata };
  let offset = 0;
  const entries = Object.entries(tensors);
  for (const [name, t] of entries) {
    const dtype = t.dtype ?? 'F32';
    const bytes = t.values.length * SIZE[dtype];
    header[name] = { dtype, shape: t.shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  let json = JSON.stringify(header);
  while ((8 + json.length) % 8 !== 0) json += ' ';
  const headerBytes = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + headerBytes.length + offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, headerBytes.length, true);
  out.set(headerBytes, 8);
  let at = 8 + headerBytes.length;
  for (const [, t] of entries) {
    const dtype = t.dtype ?? 'F32';
    for (let i = 0; i < t.values.length; i++) {
      const v = t.values[i];
      if (dtype === 'F32') view.setFloat32(at, v, true);
      else if (dtype === 'F16') view.setUint16(at, toHalf(v), true);
      else if (dtype === 'BF16') view.setUint16(at, toBfloat16(v), true);
      else view.setUint8(at, v);
      at += SIZE[dtype];
    }
  }
  return out;
}
