/**
 * The student's own input, as typed or as in the URL: `seqLen` tokens from 0 to vocab − 1. With at most ten token
 * kinds every token is one digit ("3141592653589793", spaces and commas ignored: "3141 5926 …"); with more, tokens
 * are separated by spaces or commas ("3, 14, 15"). Null when it is anything else.
 */
export function parseSampleInput(text: string, seqLen: number, vocab: number): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  // One digit per token when the vocabulary allows it, so "0000 1111 2222 3333" is sixteen tokens.
  const parts = vocab <= 10 ? Array.from(trimmed.replace(/[\s,]+/g, '')) : trimmed.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length !== seqLen || parts.some((p) => !/^\d{1,6}$/.test(p))) return null;
  const tokens = parts.map(Number);
  return tokens.every((v) => v < vocab) ? tokens : null;
}

/** How an input is written in the URL and the form: digits run together when every token is one digit. */
export function formatSampleInput(tokens: readonly number[]): string {
  return tokens.every((v) => v < 10) ? tokens.join('') : tokens.join(',');
}

export function sameInput(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
