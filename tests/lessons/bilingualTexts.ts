import type { Bi } from '../../src/lessons/types';

/** A value that is exactly a bilingual text: an object with the keys en and zh and nothing else. */
export const isBi = (v: unknown): v is Bi =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).sort().join() === 'en,zh';

/** Every Bi anywhere inside `value` (a lesson, the guide), with a path for a failure message. */
export function bilingualTexts(value: unknown, path: string, out: { path: string; text: Bi }[] = []): { path: string; text: Bi }[] {
  if (isBi(value)) out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => bilingualTexts(v, `${path}[${i}]`, out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) bilingualTexts(v, `${path}.${k}`, out);
  return out;
}
