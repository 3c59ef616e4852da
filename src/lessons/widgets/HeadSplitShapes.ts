import { headsDivide } from '../../engine';
import { headChoices } from '../../components/controls/SettingsPanel';
import { URL_LIMITS } from '../../state/url/urlState';

/** Shape text as the lessons print it: "[13 × 96]". Sizes may be symbols ("L") when the sentence is not known. */
export function shape(...dims: readonly (number | string)[]): string {
  return `[${dims.join(' × ')}]`;
}

export type HeadCountCheck =
  | { readonly ok: true; readonly heads: number; readonly dk: number }
  | { readonly ok: false; readonly reason: 'not-a-number' | 'out-of-range' | 'does-not-divide'; readonly divisors: readonly number[] };

/** Checks a head count the student typed against the width: d_k = width / heads must be a whole number. */
export function checkHeadCount(text: string, width: number): HeadCountCheck {
  // The same choices the lab's settings panel offers.
  const divisors = headChoices(width);
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, reason: 'not-a-number', divisors };
  const heads = Number(trimmed);
  if (heads < 1 || heads > URL_LIMITS.maxHeads) return { ok: false, reason: 'out-of-range', divisors };
  if (!headsDivide(width, heads)) return { ok: false, reason: 'does-not-divide', divisors };
  return { ok: true, heads, dk: width / heads };
}
