import type { Problem } from '../problems';

/** One implementation ready to run one problem. */
export interface PreparedRun {
  /** One forward pass; may return a promise (onnxruntime's run is asynchronous). */
  run(): unknown;
  /** The output [L × E] (row-major) of one forward pass, for the numerical check against our engine. */
  output(): Promise<Float32Array>;
  dispose(): void | Promise<void>;
}

export interface Implementation {
  /** Used in the ratio lines: ratio_vs_<id>. */
  readonly id: string;
  /** Shown in the table. */
  readonly label: string;
  /** One-time set-up (loading wasm); also returns a line describing the configuration actually in use. */
  init(): Promise<string>;
  /** Per-problem set-up, not timed: weights uploaded or packed, a model built, a session created. */
  prepare(problem: Problem): Promise<PreparedRun>;
}
