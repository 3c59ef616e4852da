import { EngineError } from '../errors';
import { chipsOf, type DisplayToken, type TokenSpan } from './display';
import { codePointAt, pretokenize } from './pretokenize';
import { decodeUnit, pushCodePointBytes } from './utf8';
import { byteOfToken, parseVocabulary, type LmVocabulary } from './vocabulary';

/**
 * The language model's tokenizer over one vocabulary. Lossless: decode(encode(s)) === s for every JS string,
 * lone surrogates included (see utf8.ts; GPT-2's, gpt2Tokenizer.ts, for well-formed strings), and every token of
 * encode(s) covers an exact substring of s (or, for a token that is part of a character, that whole character).
 */
export interface LmTokenizer {
  /** Number of ids (the model's vocabulary size). */
  readonly size: number;
  readonly endOfText: number;
  /** Token ids of `text`; never a special token. */
  encode(text: string): number[];
  /** The text of `ids`: special tokens add nothing; byte tokens are reassembled as UTF-8 (see decodeUnit). */
  decode(ids: readonly number[]): string;
  /** One span per id into decode(ids); the byte tokens of one character share that character's span. */
  tokenSpans(ids: readonly number[]): TokenSpan[];
  /** Chips for a view: their texts concatenate to `text` exactly and no chip splits a character (grapheme). */
  displayTokens(text: string): DisplayToken[];
  /** The vocabulary's string for an id ("<0xE4>" for a byte, "<|endoftext|>"), for lists of the vocabulary. */
  tokenString(id: number): string;
  /** Whether the id is one of the 256 byte tokens (for GPT-2: a token whose bytes are not whole UTF-8 characters). */
  isByte(id: number): boolean;
  /**
   * Optional: one id as a next-token list shows it, for a tokenizer whose tokenString is not enough (GPT-2's tokens
   * of several bytes that are not whole characters: "bytes E4 BD"). Without it CausalLmModel.tokenLabel derives it.
   */
  tokenLabel?(id: number): string;
}

/** The lab's own tokenizer (createLmTokenizer), with the vocabulary it was made from. */
export interface VocabularyTokenizer extends LmTokenizer {
  readonly vocabulary: LmVocabulary;
}

/** Per-token spans of an encoding or decoding: token k covers text.slice(starts[k], ends[k]). */
interface Spans {
  readonly ids: number[];
  readonly starts: number[];
  readonly ends: number[];
}

export interface LmTokenizerOptions {
  /**
   * The vocabulary is one that parseVocabulary returned (or a copy of one, as a worker that parsed the model file
   * sends it): its checks, a scan of every token, are not made again. Default false.
   */
  readonly checked?: boolean;
}

export function createLmTokenizer(vocabulary: LmVocabulary, options: LmTokenizerOptions = {}): VocabularyTokenizer {
  // A hand-built or hand-edited object gets the same checks as a file.
  const vocab = options.checked ? vocabulary : parseVocabulary(vocabulary);
  const { tokens } = vocab;
  const { endOfText } = vocab.special;
  const idOf = new Map<string, number>(); // text tokens only
  const byteOf = new Int16Array(tokens.length).fill(-1);
  const byteIds = new Array<number>(256);
  let longest = 1;
  tokens.forEach((token, id) => {
    if (id === endOfText) return;
    const byte = byteOfToken(token);
    if (byte !== undefined) {
      byteOf[id] = byte;
      byteIds[byte] = id;
    } else {
      idOf.set(token, id);
      longest = Math.max(longest, token.length);
    }
  });

  function encodeSpans(text: string): Spans {
    const ids: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const bytes: number[] = [];
    for (const pre of pretokenize(text)) {
      let i = pre.start;
      while (i < pre.end) {
        // Longest vocabulary token that is a prefix of the rest of the pre-token: at most `longest` (≤ 32)
        // lookups per token, so encode is linear. A whole known word is found on the first try.
        let found = -1;
        let length = Math.min(longest, pre.end - i);
        for (; length > 0; length--) {
          const id = idOf.get(text.slice(i, i + length));
          if (id !== undefined) {
            found = id;
            break;
          }
        }
        if (found >= 0) {
          ids.push(found);
          starts.push(i);
          ends.push(i + length);
          i += length;
          continue;
        }
        // No token for even this character: its UTF-8 bytes, each sharing the character's span.
        const { codePoint, length: units } = codePointAt(text, i);
        bytes.length = 0;
        pushCodePointBytes(codePoint, bytes);
        for (const b of bytes) {
          ids.push(byteIds[b]);
          starts.push(i);
          ends.push(i + units);
        }
        i += units;
      }
    }
    return { ids, starts, ends };
  }

  function checkId(id: number, at: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= tokens.length) {
      throw new EngineError('invalid-argument', `Token id ${id} (position ${at}) is not in the vocabulary of ${tokens.length} tokens.`, { id, position: at });
    }
  }

  /** Decodes with spans: runs of byte tokens go through decodeUnit together, so a character's bytes share a span. */
  function decodeSpans(ids: readonly number[]): { text: string; starts: number[]; ends: number[] } {
    const parts: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    let offset = 0;
    let k = 0;
    while (k < ids.length) {
      const id = ids[k];
      checkId(id, k);
      if (byteOf[id] < 0) {
        const text = id === endOfText ? '' : tokens[id];
        parts.push(text);
        starts.push(offset);
        offset += text.length;
        ends.push(offset);
        k++;
        continue;
      }
      const run: number[] = [];
      for (; k < ids.length; k++) {
        checkId(ids[k], k);
        const b = byteOf[ids[k]];
        if (b < 0) break;
        run.push(b);
      }
      for (let r = 0; r < run.length; ) {
        const unit = decodeUnit(run, r);
        parts.push(unit.text);
        for (let q = 0; q < unit.length; q++) {
          starts.push(offset);
          ends.push(offset + unit.text.length);
        }
        offset += unit.text.length;
        r += unit.length;
      }
    }
    return { text: parts.join(''), starts, ends };
  }

  const isByte = (id: number): boolean => Number.isInteger(id) && id >= 0 && id < tokens.length && byteOf[id] >= 0;

  return {
    vocabulary: vocab,
    size: tokens.length,
    endOfText,
    encode: (text) => encodeSpans(text).ids,
    decode: (ids) => decodeSpans(ids).text,
    tokenSpans(ids) {
      const { text, starts, ends } = decodeSpans(ids);
      return ids.map((id, k) => ({ id, start: starts[k], end: ends[k], text: text.slice(starts[k], ends[k]), byte: byteOf[id] >= 0 }));
    },
    displayTokens(text) {
      const { ids, starts, ends } = encodeSpans(text);
      return chipsOf(text, ids, starts, ends, isByte);
    },
    tokenString(id) {
      checkId(id, 0);
      return tokens[id];
    },
    isByte,
  };
}
