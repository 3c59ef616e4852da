import type { LabSettings } from '../state/labStore';
import type { WalkthroughStepId } from '../state/walkthroughStore';
import type { Bi } from '../shared/bi';
import type { LessonSlug } from '../shared/lessonSlugs';

/**
 * Lesson content is data: typed objects, one file per lesson, every sentence in both languages (`Bi`).
 * Components render these objects; nothing here touches the DOM.
 */

// The bilingual text type and the slug list live in src/shared (the router and the guide use them too);
// re-exported so the lessons keep one vocabulary module.
export type { Bi } from '../shared/bi';
export { LESSON_SLUGS, type LessonSlug } from '../shared/lessonSlugs';

/**
 * Every live widget a lesson can place, by id. The component for each lives in src/lessons/widgets/ and is
 * listed in widgets/registry.ts (a test checks every id has one).
 */
export const WIDGET_IDS = [
  // 1 what attention is
  'vector-drag',
  // 2 queries, keys, values
  'qkv-editor',
  // 3 scaled dot-product
  'sqrt-dk',
  'scaling-compare',
  // 4 masking
  'mask-lab',
  'fully-masked-row',
  // 5 multi-head
  'head-split',
  'heads-playground',
  // 6 implementation
  'code-walk',
  'layout-explorer',
  // 7 transformer block
  'encoder-block',
  'rank-collapse',
  'norm-compare',
  // 8 other attention types
  'score-compare',
  'cross-attention',
  // 9 position
  'pe-heatmap',
  'permutation',
  // 10 reading attention maps
  'pattern-finder',
  // 5 and 10: the trained language model's heads and predictions
  'trained-model-lab',
  // 11 summary; also usable anywhere
  'mini-lab',
  'walkthrough-step',
  // 5: grouped-query and multi-query attention (sidebar)
  'grouped-query',
  // 9: rotary position embedding (optional section)
  'rope-rotation',
  // 12 decoding and generation
  'decoder-block',
  'teacher-forcing',
  'attention-cost',
  'kv-cache',
  'generation',
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];

/** Per-placement options a widget may read (e.g. { step: 'softmax' }, { dk: 64 }). Each widget documents its own. */
export type WidgetConfig = Readonly<Record<string, string | number | boolean>>;

export interface WidgetProps {
  readonly config?: WidgetConfig;
}

/**
 * What a lesson may set in the shared stores when the student presses a "try this" button: lab settings (a mask,
 * a head, a sentence) and the walkthrough step. Applied through the stores' own actions, never the DOM.
 */
export interface LabPreset {
  readonly lab?: Partial<Omit<LabSettings, 'page'>>;
  readonly walkthroughStep?: WalkthroughStepId;
}

export interface Choice {
  /** Unique within its question. */
  readonly id: string;
  readonly text: Bi;
  readonly correct: boolean;
  /** Why this answer is right or wrong; shown after the student commits to it. */
  readonly feedback: Bi;
}

/** Predict-then-reveal: the student commits to a choice, then sees the feedback and (if any) the revealing widget. */
export interface Question {
  /** Unique within the lesson; progress is stored under "<slug>/<id>". */
  readonly id: string;
  readonly prompt: Bi;
  readonly choices: readonly Choice[];
  /** Shown only after an answer is committed: the live widget that shows what really happens. */
  readonly reveal?: { readonly widget: WidgetId; readonly config?: WidgetConfig };
  /**
   * A review question (lesson 11) whose answer was taught in earlier lessons: its feedback is the reveal, so it
   * needs no answering block after it. Every other question is answered by its `reveal` or by a later block
   * marked `answers: <this id>` (tests/lessons/questionOrder.test.ts checks the order).
   */
  readonly review?: true;
}

export type TableCell = string | number | Bi;

/**
 * Prose and captions may hold inline markup, and only this: $…$ inline TeX, `…` code, **…** bold. Everything else
 * is text (no HTML).
 */
export type Block = BlockBody & {
  /**
   * The id of a question in the same lesson that this block answers (states or shows its answer). Predict, then
   * reveal: such a block must come after the question (a content test checks it).
   */
  readonly answers?: string;
};

type BlockBody =
  | { readonly kind: 'heading'; readonly text: Bi }
  | { readonly kind: 'prose'; readonly text: Bi }
  | { readonly kind: 'formula'; readonly tex: string; readonly caption?: Bi }
  | { readonly kind: 'widget'; readonly widget: WidgetId; readonly config?: WidgetConfig; readonly caption?: Bi }
  | { readonly kind: 'question'; readonly question: Question }
  | { readonly kind: 'try'; readonly label: Bi; readonly preset: LabPreset; readonly note?: Bi }
  /** A link to the training playground set up by `query` (#/playground?query): train the model the text describes. */
  | { readonly kind: 'train'; readonly label: Bi; readonly query: string; readonly note?: Bi }
  | { readonly kind: 'callout'; readonly tone: 'note' | 'caution'; readonly text: Bi }
  | { readonly kind: 'code'; readonly language: 'python' | 'typescript'; readonly code: string; readonly caption?: Bi }
  | { readonly kind: 'table'; readonly caption: Bi; readonly columns: readonly Bi[]; readonly rows: readonly (readonly TableCell[])[] }
  | { readonly kind: 'list'; readonly items: readonly Bi[] };

export interface Source {
  /** Authors, title, year: not translated. */
  readonly label: string;
  readonly url?: string;
}

export interface Lesson {
  readonly slug: LessonSlug;
  readonly title: Bi;
  /** One or two sentences for the lesson map. */
  readonly summary: Bi;
  /** What the student can do after the lesson. */
  readonly objectives: readonly Bi[];
  readonly blocks: readonly Block[];
  readonly sources: readonly Source[];
}
