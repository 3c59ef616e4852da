import { EngineError } from '../errors';
import type { WasmKernels } from './kernels';

/** Something that owns long-lived blocks of the kernels' memory (prepared weights, cached stage results). */
export abstract class Disposable {
  private disposed = false;
  protected constructor(
    readonly kernels: WasmKernels,
    private readonly blocks: readonly number[],
  ) {}

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Returns the memory to the kernels' allocator. Using the object afterwards throws. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const b of this.blocks) this.kernels.arena.free(b);
  }

  protected assertLive(what: string): void {
    if (this.disposed) throw new EngineError('invalid-argument', `${what} was disposed and cannot be used again.`);
  }
}

/** Floats in a packed B with k rows and n columns: ceil(n / 8) panels of k × 8. */
export function packedFloats(k: number, n: number): number {
  return Math.ceil(n / 8) * k * 8;
}
