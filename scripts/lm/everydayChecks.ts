/**
 * Checks of the held-out everyday sentences and copy probes (everyday.ts, everydayCopy.ts). Pure: no I/O.
 *  - everydayLeaks: the sentences (and the probes' first sentences) that occur in a training text, which they must not;
 *  - copyProbeProblems: probes that one-back induction cannot copy in a vocabulary (copy not one token, or the last
 *    token not seen exactly once before, followed by the copy).
 */
import type { LmTokenizer } from '../../src/engine/lm';
import type { CopyPhrase } from './copyPhrases';
import { EVERYDAY_EN, EVERYDAY_ZH } from './everyday';
import { EVERYDAY_COPY_EN, EVERYDAY_COPY_ZH } from './everydayCopy';

/** What must stay out of training: every everyday sentence, and each probe's first (complete) sentence. */
export function heldoutEverydayTexts(): string[] {
  const firstSentence = (p: CopyPhrase): string => p.text.slice(0, p.text.search(/[.。]/) + 1);
  return [...EVERYDAY_EN, ...EVERYDAY_ZH, ...[...EVERYDAY_COPY_EN, ...EVERYDAY_COPY_ZH].map(firstSentence)];
}

/** The held-out texts found in `text` (exact substring; whitespace of the text collapsed to single spaces first). */
export function everydayLeaks(text: string, texts: readonly string[] = heldoutEverydayTexts()): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return texts.filter((t) => flat.includes(t));
}

export interface ProbeIds {
  readonly text: string;
  readonly ids: number[];
  readonly copy: number;
}

/** Why a probe is not a one-back induction probe in this vocabulary, or null when it is. */
export function copyProbeProblem(tokenizer: LmTokenizer, probe: CopyPhrase): string | null {
  const copy = tokenizer.encode(probe.copy);
  if (copy.length !== 1) return `the copy "${probe.copy}" is ${copy.length} tokens`;
  const ids = tokenizer.encode(probe.text);
  const last = ids[ids.length - 1];
  const earlier = ids.slice(0, -1).flatMap((id, k) => (id === last ? [k] : []));
  if (earlier.length !== 1) return `its last token occurs ${earlier.length} times before`;
  if (ids[earlier[0] + 1] !== copy[0]) return 'the token after the earlier occurrence is not the copy';
  return null;
}

export function probeIds(tokenizer: LmTokenizer, probe: CopyPhrase): ProbeIds {
  return { text: probe.text, ids: [tokenizer.endOfText, ...tokenizer.encode(probe.text)], copy: tokenizer.encode(probe.copy)[0] };
}
