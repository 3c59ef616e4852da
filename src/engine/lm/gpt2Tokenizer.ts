/**
 * GPT-2's tokenizer (byte-level BPE, 50,257 ids) for Hugging Face GPT-2 checkpoints, through the npm package
 * gpt-tokenizer: its `encoding/gpt2` encoder gives the ids, its `bpeRanks/r50k_base` table (id → the token's bytes,
 * a string when they are UTF-8 text) gives each token's bytes, from which spans, chips and labels are computed here.
 *
 * A GPT-2 token is a byte sequence, not always whole characters: "你" (E4 BD A0) is [E4 BD] + [A0], and one token may
 * hold the end of one character and the start of the next. Such tokens are this tokenizer's "byte" tokens: they
 * share the span of every character they touch, so chipsOf groups them into one chip marked `bytes`, and their
 * labels spell the bytes ("bytes E4 BD"), as the lab's own byte tokens do, never "�" nor the BPE's "Ġ"/"Ã¤".
 *
 * The vocabulary (≈ 470 kB minified, 200 kB gzipped) is loaded only when a GPT-2 checkpoint is opened: loadGpt2Tokenizer
 * import()s the package, so it lands in a chunk of its own.
 */
import { EngineError } from '../errors';
import { chipsOf } from './display';
import type { LmTokenizer } from './tokenizer';
import { byteToken, END_OF_TEXT } from './vocabulary';
import { decodeUnit } from './utf8';

/** GPT-2's special token, after its 50,256 BPE tokens. */
export const GPT2_END_OF_TEXT = 50256;
export const GPT2_VOCAB_SIZE = 50257;

/** What the tokenizer takes from gpt-tokenizer: GPT-2's encoder and its ranks table (rank = token id). */
export interface Gpt2Bpe {
  encode(text: string, options: { disallowedSpecial: Set<string> }): number[];
  /** Id → the token's bytes: a string when they are UTF-8 text, else the bytes themselves. Length 50,256. */
  readonly ranks: readonly (string | readonly number[])[];
}

/** Per-token bytes of the vocabulary: token id's bytes are bytes[offsets[id] … offsets[id + 1]). */
interface TokenBytes {
  readonly bytes: Uint8Array;
  readonly offsets: Uint32Array;
  /** 1 where the token's bytes are not whole UTF-8 characters (or spell U+FFFD, which a view must not show). */
  readonly spelled: Uint8Array;
}

function tokenBytes(ranks: Gpt2Bpe['ranks']): TokenBytes {
  const encoder = new TextEncoder();
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const pieces: Uint8Array[] = [];
  const spelled = new Uint8Array(GPT2_VOCAB_SIZE);
  let total = 0;
  const isWhole = (piece: Uint8Array): boolean => {
    try {
      return !strict.decode(piece).includes('\ufffd');
    } catch {
      return false; // not UTF-8 on its own
    }
  };
  ranks.forEach((rank, id) => {
    const piece = typeof rank === 'string' ? encoder.encode(rank) : Uint8Array.from(rank);
    spelled[id] = isWhole(piece) ? 0 : 1;
    pieces.push(piece);
    total += piece.length;
  });
  const bytes = new Uint8Array(total);
  const offsets = new Uint32Array(GPT2_VOCAB_SIZE + 1);
  pieces.forEach((piece, id) => {
    bytes.set(piece, offsets[id]);
    offsets[id + 1] = offsets[id] + piece.length;
  });
  offsets[GPT2_VOCAB_SIZE] = offsets[GPT2_END_OF_TEXT]; // the special token has no bytes
  return { bytes, offsets, spelled };
}

/** UTF-8 length of the code point at text[i] (a lone surrogate: 3, as TextEncoder writes U+FFFD) and its UTF-16 length. */
function codePointSize(text: string, i: number): { bytes: number; units: number } {
  const c = text.charCodeAt(i);
  if (c < 0x80) return { bytes: 1, units: 1 };
  if (c < 0x800) return { bytes: 2, units: 1 };
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return { bytes: 4, units: 2 };
  }
  return { bytes: 3, units: 1 };
}

/**
 * Token spans over units of text (code points, or decoded characters): token k is `lengths[k]` bytes; unit u is
 * unitBytes[u] bytes and unitUnits[u] UTF-16 units long, in order, from UTF-16 offset `from`. A token covers every
 * unit holding one of its bytes, so the tokens of a split character share its span; a token of no bytes gets an
 * empty span where it stands. Linear: one walk over both.
 */
function spansOver(lengths: readonly number[], unitBytes: readonly number[], unitUnits: readonly number[], from: number, starts: number[], ends: number[]): void {
  let u = 0;
  let unitStart = 0; // byte offset of unit u
  let at = from; // UTF-16 offset of unit u
  let byte = 0; // byte offset of the next token
  const advanceTo = (b: number): void => {
    while (u < unitBytes.length && unitStart + unitBytes[u] <= b) {
      unitStart += unitBytes[u];
      at += unitUnits[u];
      u++;
    }
  };
  for (const length of lengths) {
    advanceTo(byte);
    starts.push(at);
    byte += length;
    if (length === 0) {
      ends.push(at);
      continue;
    }
    advanceTo(byte - 1); // unit u holds the token's last byte
    ends.push(u < unitBytes.length ? at + unitUnits[u] : at);
  }
}

/** "E4" for 0xE4. */
const hex = (b: number): string => b.toString(16).toUpperCase().padStart(2, '0');

/** GPT-2's tokenizer over gpt-tokenizer's encoder and table (see loadGpt2Tokenizer for the lazy load). */
export function createGpt2Tokenizer(bpe: Gpt2Bpe): LmTokenizer {
  if (bpe.ranks.length !== GPT2_END_OF_TEXT) {
    throw new EngineError('shape-mismatch', `GPT-2's BPE table has ${bpe.ranks.length} tokens, not ${GPT2_END_OF_TEXT}: the tokenizer package changed.`, {
      tokens: bpe.ranks.length,
    });
  }
  const { bytes, offsets, spelled } = tokenBytes(bpe.ranks);
  const noSpecial = { disallowedSpecial: new Set<string>() }; // "<|endoftext|>" typed by a student is text, not id 50256
  const byteLength = (id: number): number => offsets[id + 1] - offsets[id];
  const bytesOf = (id: number): Uint8Array => bytes.subarray(offsets[id], offsets[id + 1]);

  function checkId(id: number, at: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= GPT2_VOCAB_SIZE) {
      throw new EngineError('invalid-argument', `Token id ${id} (position ${at}) is not in GPT-2's vocabulary of ${GPT2_VOCAB_SIZE} tokens.`, { id, position: at });
    }
  }

  function encodeSpans(text: string): { ids: number[]; starts: number[]; ends: number[] } {
    const ids = bpe.encode(text, noSpecial);
    const unitBytes: number[] = [];
    const unitUnits: number[] = [];
    let total = 0;
    for (let i = 0; i < text.length; ) {
      const size = codePointSize(text, i);
      unitBytes.push(size.bytes);
      unitUnits.push(size.units);
      total += size.bytes;
      i += size.units;
    }
    const lengths = ids.map(byteLength);
    if (lengths.reduce((a, b) => a + b, 0) !== total) {
      throw new EngineError('shape-mismatch', "GPT-2's tokens do not add up to the text's UTF-8 bytes: the tokenizer package's encoder and table disagree.");
    }
    const starts: number[] = [];
    const ends: number[] = [];
    spansOver(lengths, unitBytes, unitUnits, 0, starts, ends);
    return { ids, starts, ends };
  }

  /**
   * The text of `ids` with each token's span. Bytes are decoded as the lab's tokenizer does (decodeUnit: a byte that
   * is no part of a complete character is one U+FFFD); the special token adds nothing and ends a run of bytes, so a
   * character is never put together across it.
   */
  function decodeSpans(ids: readonly number[]): { text: string; starts: number[]; ends: number[] } {
    const parts: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    let offset = 0;
    let k = 0;
    while (k < ids.length) {
      // One run: the tokens up to and including the next special token.
      const run: number[] = [];
      const lengths: number[] = [];
      for (; k < ids.length; k++) {
        checkId(ids[k], k);
        lengths.push(byteLength(ids[k]));
        for (const b of bytesOf(ids[k])) run.push(b);
        if (ids[k] === GPT2_END_OF_TEXT) {
          k++;
          break;
        }
      }
      const unitBytes: number[] = [];
      const unitUnits: number[] = [];
      for (let r = 0; r < run.length; ) {
        const unit = decodeUnit(run, r);
        parts.push(unit.text);
        unitBytes.push(unit.length);
        unitUnits.push(unit.text.length);
        r += unit.length;
      }
      spansOver(lengths, unitBytes, unitUnits, offset, starts, ends);
      offset += unitUnits.reduce((a, b) => a + b, 0);
    }
    return { text: parts.join(''), starts, ends };
  }

  const isByte = (id: number): boolean => Number.isInteger(id) && id >= 0 && id < GPT2_END_OF_TEXT && spelled[id] === 1;
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true }); // a token of U+FEFF is that character, not a BOM to drop
  const textOf = (id: number): string => utf8.decode(bytesOf(id));

  return {
    size: GPT2_VOCAB_SIZE,
    endOfText: GPT2_END_OF_TEXT,
    encode: (text) => bpe.encode(text, noSpecial),
    decode: (ids) => decodeSpans(ids).text,
    tokenSpans(ids) {
      const { text, starts, ends } = decodeSpans(ids);
      return ids.map((id, k) => ({ id, start: starts[k], end: ends[k], text: text.slice(starts[k], ends[k]), byte: isByte(id) }));
    },
    displayTokens(text) {
      const { ids, starts, ends } = encodeSpans(text);
      return chipsOf(text, ids, starts, ends, isByte);
    },
    /** The token's text (" world"), "<|endoftext|>", or, for a token that is not whole characters, "<0xE4><0xBD>". */
    tokenString(id) {
      checkId(id, 0);
      if (id === GPT2_END_OF_TEXT) return END_OF_TEXT;
      return isByte(id) ? Array.from(bytesOf(id), byteToken).join('') : textOf(id);
    },
    /** For a next-token list: the token's text (" world"), "<|endoftext|>", or its bytes ("byte E4", "bytes E4 BD"). */
    tokenLabel(id) {
      checkId(id, 0);
      if (id === GPT2_END_OF_TEXT) return END_OF_TEXT;
      if (!isByte(id)) return textOf(id);
      const spelledBytes = Array.from(bytesOf(id), hex);
      return `${spelledBytes.length === 1 ? 'byte' : 'bytes'} ${spelledBytes.join(' ')}`;
    },
    isByte,
  };
}

let loading: Promise<LmTokenizer> | null = null;

/**
 * GPT-2's tokenizer, its vocabulary fetched on the first call (a chunk of its own, not in the app's main bundle);
 * later calls share it. A failed load (offline) is not remembered, so the next call tries again.
 */
export function loadGpt2Tokenizer(): Promise<LmTokenizer> {
  loading ??= Promise.all([import('gpt-tokenizer/encoding/gpt2'), import('gpt-tokenizer/bpeRanks/r50k_base')])
    .then(([encoding, ranks]) => createGpt2Tokenizer({ encode: (text, options) => encoding.encode(text, options), ranks: ranks.default }))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
