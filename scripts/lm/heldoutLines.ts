/** Held-out passages, one per line, for `npm run lm -- eval`. Pure: no I/O. */
import { createHash } from 'node:crypto';
import { SOURCES } from './sources';

const HAN = /\p{Script=Han}/u;
const LETTER = /\p{L}/u;

/** Whether most of a line's letters are Han characters: the rule `npm run lm -- eval` uses to call a line Chinese. */
export function isChineseLine(line: string): boolean {
  let han = 0;
  let letters = 0;
  for (const ch of line) {
    if (HAN.test(ch)) han++;
    if (LETTER.test(ch)) letters++;
  }
  return letters > 0 && han * 2 > letters;
}

export interface HeldoutLineOptions {
  /** Passages per source (fewer when the source has fewer). */
  readonly perSource: number;
  readonly minCodePoints: number;
  readonly maxCodePoints: number;
}

const DEFAULTS: HeldoutLineOptions = { perSource: 120, minCodePoints: 16, maxCodePoints: 200 };

/**
 * Every held-out paragraph (a document's line) whose length is within bounds and whose script matches its source's
 * language, ordered by a hash of its text (so the pick depends on nothing but the text), first `perSource` per source.
 */
export function heldoutLines(heldout: ReadonlyMap<string, readonly string[]>, options: HeldoutLineOptions = DEFAULTS): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const source of SOURCES) {
    const candidates: { line: string; key: string }[] = [];
    for (const doc of heldout.get(source.name) ?? []) {
      for (const raw of doc.split('\n')) {
        const line = raw.trim();
        const length = [...line].length;
        if (length < options.minCodePoints || length > options.maxCodePoints || seen.has(line)) continue;
        if (isChineseLine(line) !== (source.language === 'zh')) continue;
        seen.add(line);
        candidates.push({ line, key: createHash('sha256').update(line, 'utf8').digest('hex') });
      }
    }
    candidates.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    out.push(...candidates.slice(0, options.perSource).map((c) => c.line));
  }
  return out;
}
