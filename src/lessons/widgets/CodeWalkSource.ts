import attentionSource from '../../engine/attention.ts?raw';
import articleLayoutSource from '../../engine/articleLayout.ts?raw';
import multiHeadSource from '../../engine/multiHead.ts?raw';
import randomSource from '../../engine/random.ts?raw';

/** The engine files the walk reads, as their real source text (Vite's ?raw import: the file as it is built). */
export const ENGINE_FILES = {
  'src/engine/multiHead.ts': multiHeadSource,
  'src/engine/articleLayout.ts': articleLayoutSource,
  'src/engine/attention.ts': attentionSource,
  'src/engine/random.ts': randomSource,
} as const;
export type EngineFile = keyof typeof ENGINE_FILES;

export interface ExtractedFunction {
  /** The function with the doc comment right above it, exactly as in the file. */
  readonly code: string;
  /** 1-based line numbers in the file, of the first (comment) and last line shown. */
  readonly startLine: number;
  readonly endLine: number;
}

/**
 * A top-level function by name, with its leading doc comment. The engine is formatted by Prettier, so a top-level
 * function starts at column 0 with `function name(` (maybe `export`) and ends at the first line that is just `}`.
 * Returns null when the name is not there (renamed or moved): the widget then says so instead of showing nothing.
 */
export function extractFunction(source: string, name: string): ExtractedFunction | null {
  const lines = source.split(/\r?\n/);
  const signature = new RegExp(`^(export\\s+)?(async\\s+)?function\\s+${name}\\s*[(<]`);
  const start = lines.findIndex((line) => signature.test(line));
  if (start < 0) return null;
  let end = -1;
  for (let i = start; i < lines.length; i++) {
    // A one-line function closes on its own line; otherwise the body ends at the first column-0 brace.
    if ((i === start && /\}\s*$/.test(lines[i]) && !/\{\s*$/.test(lines[i])) || lines[i] === '}') {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  let first = start;
  if (first > 0 && lines[first - 1].trim().endsWith('*/')) {
    let i = first - 1;
    while (i >= 0 && !lines[i].trim().startsWith('/**')) i--;
    if (i >= 0) first = i;
  }
  return { code: lines.slice(first, end + 1).join('\n'), startLine: first + 1, endLine: end + 1 };
}

/** The ids of the walk's steps, in order. */
export const CODE_STEPS = ['init', 'project', 'article', 'split', 'attend', 'combine', 'assemble'] as const;
export type CodeStepId = (typeof CODE_STEPS)[number];

export interface CodeRef {
  readonly file: EngineFile;
  readonly name: string;
}

/** Which engine functions each step shows. */
export const STEP_CODE: Readonly<Record<CodeStepId, readonly CodeRef[]>> = {
  init: [
    { file: 'src/engine/multiHead.ts', name: 'randomMhaParams' },
    { file: 'src/engine/random.ts', name: 'xavierUniform' },
  ],
  project: [{ file: 'src/engine/multiHead.ts', name: 'projectQkv' }],
  article: [{ file: 'src/engine/articleLayout.ts', name: 'projectQkvArticleLayout' }],
  split: [{ file: 'src/engine/multiHead.ts', name: 'attendHeads' }],
  attend: [{ file: 'src/engine/attention.ts', name: 'scaledDotProductAttention' }],
  combine: [{ file: 'src/engine/multiHead.ts', name: 'combineHeads' }],
  assemble: [
    { file: 'src/engine/multiHead.ts', name: 'multiHeadAttention' },
    { file: 'src/engine/multiHead.ts', name: 'finishMultiHeadAttention' },
  ],
};

/** The sizes the shapes are written with: the lab's sentence length and model width. L may be unknown ("L"). */
export interface WalkDims {
  readonly tokens: number | null;
  readonly embedDim: number;
  readonly numHeads: number;
}

export interface ShapeLine {
  /** A name from the code (not translated). */
  readonly name: string;
  readonly value: string;
}

const dims = (...ds: readonly (number | string)[]) => `[${ds.join(' × ')}]`;

/** The live shapes (and the few numbers) each step produces, for the lab's current input. */
export function stepShapes(step: CodeStepId, { tokens, embedDim: e, numHeads: h }: WalkDims): ShapeLine[] {
  const l = tokens ?? 'L';
  const d = e / h;
  switch (step) {
    case 'init':
      return [
        { name: 'fused (xavierUniform(3E, E))', value: dims(3 * e, e) },
        { name: 'wQ, wK, wV', value: `3 × ${dims(e, e)}` },
        { name: 'bQ, bK, bV, bO', value: `${dims(e)} = 0` },
        { name: 'wO', value: dims(e, e) },
        { name: 'bound (fused) √(6 / (E + 3E))', value: Math.sqrt(6 / (4 * e)).toFixed(4) },
        { name: 'bound (wO) √(6 / (E + E))', value: Math.sqrt(6 / (2 * e)).toFixed(4) },
      ];
    case 'project':
      return [
        { name: 'queryInput (x)', value: dims(l, e) },
        { name: 'q = x·wQᵀ + bQ', value: dims(l, e) },
        { name: 'k, v', value: `2 × ${dims(l, e)}` },
      ];
    case 'article':
      return [
        { name: 'x', value: dims(l, e) },
        { name: 'qkv', value: dims(l, 3 * e) },
        { name: 'qkv viewed as [L × H × 3D]', value: dims(l, h, 3 * d) },
        { name: 'sliceCols(qkv, h·3D + offset, D)', value: `${h} × ${dims(l, d)}` },
        { name: 'q, k, v (heads side by side)', value: `3 × ${dims(l, e)}` },
      ];
    case 'split':
      return [
        { name: 'd = q.cols / numHeads', value: String(d) },
        { name: 'sliceCols(q, h·d, d)', value: `${h} × ${dims(l, d)}` },
        { name: 'traces', value: `${h} × AttentionTrace` },
      ];
    case 'attend':
      return [
        { name: 'q, k, v (one head)', value: dims(l, d) },
        { name: 'scaled = q·kᵀ / √d', value: dims(l, l) },
        { name: 'scaleFactor = 1 / √d', value: (1 / Math.sqrt(d)).toFixed(4) },
        { name: 'weights', value: dims(l, l) },
        { name: 'output = weights · v', value: dims(l, d) },
      ];
    case 'combine':
      return [
        { name: 'parts (heads[i].output)', value: `${h} × ${dims(l, d)}` },
        { name: 'concat', value: dims(l, e) },
        { name: 'wO', value: dims(e, e) },
        { name: 'output = concat·wOᵀ + bO', value: dims(l, e) },
      ];
    case 'assemble':
      return [
        { name: 'queryInput', value: dims(l, e) },
        { name: 'heads', value: `${h} × weights ${dims(l, l)}` },
        { name: 'output', value: dims(l, e) },
      ];
  }
}
