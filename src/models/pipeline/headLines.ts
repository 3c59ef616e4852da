import type { Matrix } from '../../engine';

/*
 * The head view's lines, read off a layer's head weights [query × key]: which query–key pairs are drawn for a
 * selection (a focused token, a minimum weight, the strongest few per query), their largest weight, and their
 * canvas batches by opacity. Asked here, not computed in the view: each head's answer is kept on its weights matrix,
 * so a head toggle, which leaves every other head's matrix as it was, regroups what is kept (the head view's painted
 * layers stay, HeadLines.tsx).
 *
 *   forEachLine(weights, selection, visit)         every line to draw, head by head
 *   maxLineWeight(weights, selection)              the strongest line's weight (the canvas's opacity scale)
 *   visibleLines(weights, selection)               the lines as objects (the SVG drawing)
 *   headLineGroups / lineBatches(weights, …)       per head, its lines grouped by opacity (the canvas drawing)
 */

/** Which column a token sits in: queries attend from the left column, keys are attended to in the right one. */
export type TokenSide = 'query' | 'key';

/** A hovered, focused or pinned token: only its lines are drawn. */
export interface TokenFocus {
  readonly side: TokenSide;
  readonly index: number;
}

/** One line of the head view: query token → key token in one head, drawn with opacity = weight. */
export interface HeadLine {
  readonly head: number;
  readonly query: number;
  readonly key: number;
  /** weights[query][key] of that head, in [0, 1]. */
  readonly weight: number;
}

export interface LineSelection {
  /** Heads removed from the computation; their lines are not drawn. */
  readonly disabled: ReadonlySet<number>;
  /** Only the lines that leave (query side) or reach (key side) this token; null for every line. */
  readonly focus?: TokenFocus | null;
  /** Lines fainter than this are left out (0 keeps every query–key pair). */
  readonly minWeight?: number;
  /** Per head and query, only its this many strongest lines (ties: the earlier key); absent: no limit. */
  readonly perQuery?: number;
}

/*
 * Kept per head. A head's lines depend only on its own weights and the selection (focus, minimum, lines per query,
 * opacity); switching another head off or on changes neither, and the engine keeps the same weight matrices for every
 * layer an ablation leaves unchanged. So each head's result is kept on its matrix (a WeakMap: it goes with the run),
 * for the last KEPT_SELECTIONS selections (hovering visits many tokens), and a toggle only regroups what is there.
 */
const KEPT_SELECTIONS = 8;

function memoPerHead<T>(cache: WeakMap<Matrix, Map<string, T>>, w: Matrix, key: string, compute: () => T): T {
  let byKey = cache.get(w);
  if (!byKey) cache.set(w, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  byKey.set(key, value);
  // Maps iterate in insertion order: past the limit, the oldest selection goes (hovering visits many tokens).
  if (byKey.size > KEPT_SELECTIONS) byKey.delete(byKey.keys().next().value as string);
  return value;
}

/** What a head's lines depend on besides its weights (the disabled set is applied outside the memo). */
function selectionKey(selection: LineSelection, ...more: readonly number[]): string {
  const { focus = null, minWeight = 0, perQuery } = selection;
  return [focus ? `${focus.side}${focus.index}` : '-', minWeight, perQuery ?? '-', ...more].join('|');
}

const NO_HEADS_OFF: ReadonlySet<number> = new Set();

/**
 * Calls `visit` for every line to draw, head by head (head 0 first, so later heads are drawn on top), then
 * query by query and key by key. `weights[h]` is head h's attention, [query × key].
 */
export function forEachLine(weights: readonly Matrix[], selection: LineSelection, visit: (head: number, query: number, key: number, weight: number) => void): void {
  const { disabled, focus = null, minWeight = 0, perQuery } = selection;
  weights.forEach((w, head) => {
    if (disabled.has(head)) return;
    const queries = focus?.side === 'query' ? (focus.index < w.rows ? [focus.index] : []) : null;
    const keys = focus?.side === 'key' ? (focus.index < w.cols ? [focus.index] : []) : null;
    const qList = queries ?? range(w.rows);
    const kList = keys ?? range(w.cols);
    for (const q of qList) {
      if (perQuery !== undefined && perQuery < kList.length) {
        for (const k of strongestKeys(w, q, kList, perQuery, minWeight)) visit(head, q, k, w.data[q * w.cols + k]);
        continue;
      }
      for (const k of kList) {
        const weight = w.data[q * w.cols + k];
        if (Number.isFinite(weight) && weight >= minWeight) visit(head, q, k, weight);
      }
    }
  });
}

/** The (at most) `count` keys of row q with the largest finite weights ≥ minWeight, in key order. */
function strongestKeys(w: Matrix, q: number, keys: readonly number[], count: number, minWeight: number): number[] {
  const best: number[] = []; // keys, strongest first; count is small, so insertion beats sorting the row
  const row = q * w.cols;
  const { data } = w;
  for (const k of keys) {
    const weight = data[row + k];
    // Most keys of a long row lose to the weakest kept one: one comparison (NaN fails every test) and on.
    if (!(weight >= minWeight) || weight === Infinity) continue;
    if (best.length === count && !(weight > data[row + best[count - 1]])) continue;
    let at = best.length;
    while (at > 0 && data[row + best[at - 1]] < weight) at--;
    best.splice(at, 0, k);
    if (best.length > count) best.pop();
  }
  return best.sort((a, b) => a - b);
}

/**
 * The largest weight among the lines to draw (0 if none). Long inputs spread attention thin — 512 keys at about
 * 0.002 each — so the canvas scales opacity by 1 / this: the strongest line drawn is fully dark, the rest in proportion.
 */
export function maxLineWeight(weights: readonly Matrix[], selection: LineSelection): number {
  let max = 0;
  weights.forEach((w, head) => {
    if (selection.disabled.has(head)) return;
    const headMax = memoPerHead(headMaxima, w, selectionKey(selection), () => {
      let m = 0;
      forEachLine([w], { ...selection, disabled: NO_HEADS_OFF }, (_h, _q, _k, weight) => {
        if (weight > m) m = weight;
      });
      return m;
    });
    if (headMax > max) max = headMax;
  });
  return max;
}

const headMaxima = new WeakMap<Matrix, Map<string, number>>();

/** The lines as objects, for the SVG drawing (small inputs). */
export function visibleLines(weights: readonly Matrix[], selection: LineSelection): HeadLine[] {
  const lines: HeadLine[] = [];
  weights.forEach((w, head) => {
    if (selection.disabled.has(head)) return;
    // Kept per head without its number: the same matrix is always the same head of its layer.
    const own = memoPerHead(headLines, w, selectionKey(selection), () => {
      const out: Omit<HeadLine, 'head'>[] = [];
      forEachLine([w], { ...selection, disabled: NO_HEADS_OFF }, (_h, query, key, weight) => out.push({ query, key, weight }));
      return out;
    });
    for (const line of own) lines.push({ head, ...line });
  });
  return lines;
}

const headLines = new WeakMap<Matrix, Map<string, readonly Omit<HeadLine, 'head'>[]>>();

/** Lines of one head that share one opacity: painted with a single canvas stroke. */
export interface LineBatch {
  readonly head: number;
  /** The opacity, rounded to 1/levels. */
  readonly alpha: number;
  /** Flat pairs [query0, key0, query1, key1, …]. */
  readonly pairs: readonly number[];
}

/** One head's lines of one opacity (a LineBatch without its head). */
export type LineGroup = Omit<LineBatch, 'head'>;

/** A head's groups, fainter first; the same array for the same head matrix, selection, levels and scale. */
export interface HeadGroups {
  readonly head: number;
  readonly groups: readonly LineGroup[];
}

/**
 * Groups the lines by head and by opacity rounded to 1/levels, so a canvas needs one stroke style per group rather
 * than per line. Lines that round to opacity 0 are invisible and dropped. Heads in order, switched-off heads left
 * out. Opacity is weight × opacityScale (still proportional to the weight; see maxLineWeight). A head's groups are
 * memoised on its matrix: a toggle that leaves a head's weights alone gives back the very same array, so its
 * painted layer is kept (components/headview/HeadLines.tsx).
 */
export function headLineGroups(weights: readonly Matrix[], selection: LineSelection, levels = 32, opacityScale = 1): HeadGroups[] {
  const out: HeadGroups[] = [];
  weights.forEach((w, head) => {
    if (selection.disabled.has(head)) return;
    out.push({ head, groups: memoPerHead(groupMemo, w, selectionKey(selection, levels, opacityScale), () => headLineBatches(w, selection, levels, opacityScale)) });
  });
  return out;
}

/** headLineGroups flattened: each group with its head, heads in order. */
export function lineBatches(weights: readonly Matrix[], selection: LineSelection, levels = 32, opacityScale = 1): LineBatch[] {
  return headLineGroups(weights, selection, levels, opacityScale).flatMap(({ head, groups }) => groups.map((g) => ({ head, ...g })));
}

const groupMemo = new WeakMap<Matrix, Map<string, readonly LineGroup[]>>();

/** One head's batches, fainter groups first. */
function headLineBatches(w: Matrix, selection: LineSelection, levels: number, opacityScale: number): LineGroup[] {
  const byLevel = new Map<number, number[]>();
  forEachLine([w], { ...selection, disabled: NO_HEADS_OFF }, (_head, query, key, weight) => {
    const level = Math.min(levels, Math.round(weight * opacityScale * levels));
    if (level <= 0) return;
    let pairs = byLevel.get(level);
    if (!pairs) byLevel.set(level, (pairs = []));
    pairs.push(query, key);
  });
  return [...byLevel.keys()].sort((a, b) => a - b).map((level) => ({ alpha: level / levels, pairs: byLevel.get(level)! }));
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
