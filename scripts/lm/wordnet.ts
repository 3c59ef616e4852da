/**
 * WordNet's example sentences (Debian `wordnet-base`, data.{noun,verb,adj,adv}): the quoted uses that follow a
 * synset's gloss, e.g. `… | the act of folding; "he gave the napkins a double fold"`. They are short, plain,
 * present-day English, the kind of sentence a student types, which the Brown corpus and nlp-corpus have little of.
 * Pure: no I/O.
 */

export interface WordnetSynsetExamples {
  /** The synset's byte offset in its data file: a stable id. */
  readonly offset: string;
  readonly examples: string[];
}

/** Written as a sentence: first letter capitalised, a full stop added when it ends in a letter or digit. */
export function asSentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[\p{L}\p{N}]$/u.test(first) ? `${first}.` : first;
}

/** Every synset of one data file that has examples. The licence header lines (starting with two spaces) are skipped. */
export function wordnetExamples(data: string): WordnetSynsetExamples[] {
  const out: WordnetSynsetExamples[] = [];
  for (const line of data.split('\n')) {
    if (line.startsWith('  ') || line.trim() === '') continue;
    const bar = line.indexOf(' | ');
    if (bar < 0) continue;
    const examples = [...line.slice(bar + 3).matchAll(/"([^"]+)"/g)].map((m) => asSentence(m[1])).filter((s) => [...s].length >= 8);
    if (examples.length > 0) out.push({ offset: line.slice(0, line.indexOf(' ')), examples });
  }
  return out;
}
