/**
 * Memory management for the one linear memory the kernels share.
 *
 * Two kinds of block, both 16-byte aligned and padded so a kernel may read up to 32 bytes past a block's end:
 * - long-lived blocks (prepared weights, cached stage results) taken first-fit from the gaps between live blocks,
 *   so disposing one lets the next of a similar size reuse its place;
 * - scratch for the duration of one call, bumped upwards from above every long-lived block and released all at once.
 */
const ALIGN = 16;
const PAD = 32;
const PAGE = 65536;
/** Bytes 0..63 belong to the kernels (partial tile stores). */
export const ARENA_BASE = 64;

interface Block {
  readonly start: number;
  readonly end: number;
}

function alignUp(n: number): number {
  return Math.ceil(n / ALIGN) * ALIGN;
}

export class WasmArena {
  private readonly blocks: Block[] = []; // live long-lived blocks, sorted by start
  private scratchTop = -1; // −1 when no scratch scope is open

  constructor(private readonly memory: WebAssembly.Memory) {}

  /** A long-lived block of at least `bytes` bytes; free it with `free`. */
  alloc(bytes: number): number {
    if (this.scratchTop >= 0) throw new Error('WasmArena: long-lived blocks cannot be taken while scratch is in use.');
    const size = alignUp(bytes + PAD);
    let start = ARENA_BASE;
    let index = 0;
    for (; index < this.blocks.length; index++) {
      if (this.blocks[index].start - start >= size) break;
      start = this.blocks[index].end;
    }
    this.ensure(start + size);
    this.blocks.splice(index, 0, { start, end: start + size });
    return start;
  }

  free(ptr: number): void {
    const index = this.blocks.findIndex((b) => b.start === ptr);
    if (index >= 0) this.blocks.splice(index, 1);
  }

  /** Runs `fn` with a bump allocator for temporaries; everything it took is released when `fn` returns or throws. */
  withScratch<T>(fn: (take: (bytes: number) => number) => T): T {
    if (this.scratchTop >= 0) throw new Error('WasmArena: scratch scopes do not nest.');
    this.scratchTop = this.top();
    try {
      return fn((bytes) => {
        const start = this.scratchTop;
        const size = alignUp(bytes + PAD);
        this.ensure(start + size);
        this.scratchTop = start + size;
        return start;
      });
    } finally {
      this.scratchTop = -1;
    }
  }

  /** Bytes of long-lived blocks in use (for tests and diagnostics). */
  liveBytes(): number {
    return this.blocks.reduce((s, b) => s + b.end - b.start, 0);
  }

  private top(): number {
    return this.blocks.length === 0 ? ARENA_BASE : this.blocks[this.blocks.length - 1].end;
  }

  private ensure(endByte: number): void {
    const have = this.memory.buffer.byteLength;
    if (endByte > have) this.memory.grow(Math.ceil((endByte - have) / PAGE));
  }
}
