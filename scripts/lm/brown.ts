/** Brown corpus (tagged `word/tag` files) to plain text. Pure: no I/O. */

/** Tokens written flush against the previous token. */
const NO_SPACE_BEFORE = new Set(['.', ',', ';', ':', '?', '!', ')', ']', '}', "'", "''", "'s", "'S", "n't", "'re", "'ve", "'ll", "'d", "'m", '%']);
/** Tokens the next token is written flush against. */
const NO_SPACE_AFTER = new Set(['(', '[', '{', '``', '$']);

/** Strips the tag: split at the LAST slash, since words themselves can contain one (e.g. `1/2/cd`). */
export function brownWord(token: string): string {
  const slash = token.lastIndexOf('/');
  return slash > 0 ? token.slice(0, slash) : token;
}

/**
 * Joins one sentence's words. `` and '' are Brown's opening and closing double quotes: they tell us which side the
 * space goes on, which a plain `"` no longer would, so the spacing is decided before they become `"`.
 */
export function joinBrownWords(words: readonly string[]): string {
  let out = '';
  let glueNext = true;
  for (const word of words) {
    // Brown tags a sentence-final period after an abbreviation separately ("Jr./np ./."): print one period, not two.
    if (word === '.' && out.endsWith('.')) continue;
    const glue = glueNext || NO_SPACE_BEFORE.has(word) || /^[.?!]+$/.test(word);
    out += (glue ? '' : ' ') + (word === '``' || word === "''" ? '"' : word);
    glueNext = NO_SPACE_AFTER.has(word);
  }
  return out;
}

/**
 * One Brown file to one document. Each non-blank line is a tab-indented sentence; blank lines separate paragraphs.
 * Headline lines (tags ending in -hl) are kept as their own paragraph like any other.
 */
export function brownToText(raw: string): string {
  const paragraphs: string[] = [];
  for (const block of raw.split(/\n[ \t]*\n/)) {
    const sentences = block
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0)
      .map((line) => joinBrownWords(line.split(/\s+/).map(brownWord)));
    if (sentences.length > 0) paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}
