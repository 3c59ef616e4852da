import { dividingHeadCounts, groupedQueryCounts, headsDivide, nearestDividingHeads, type GqaCounts } from '../../engine';

export type SharingKind = 'mha' | 'gqa' | 'mqa';

/** One key/value head and the query heads that read it (0-based). */
export interface KvGroup {
  readonly kvHead: number;
  readonly queryHeads: readonly number[];
}

/** What the grouped-query widget shows for one width and the student's h and g. */
export interface GroupedQueryChoice {
  readonly numHeads: number;
  readonly numKvHeads: number;
  /** The query-head counts offered: those that divide the width (up to the lab's maximum). */
  readonly headOptions: readonly number[];
  /** The key/value-head counts offered: those that divide h. */
  readonly kvOptions: readonly number[];
  readonly kind: SharingKind;
  readonly groups: readonly KvGroup[];
  readonly counts: GqaCounts;
}

/**
 * The widget's numbers from what the student asked for. A head count that no longer fits (the lab's width changed
 * under it, or h changed under g) becomes the nearest one that does, so the widget never shows an impossible split.
 */
export function groupedQueryChoice(embedDim: number, askedHeads: number, askedKvHeads: number, maxHeads: number): GroupedQueryChoice {
  const numHeads = headsDivide(embedDim, askedHeads) && askedHeads <= maxHeads ? askedHeads : nearestDividingHeads(embedDim, askedHeads, maxHeads);
  const numKvHeads = headsDivide(numHeads, askedKvHeads) ? askedKvHeads : nearestDividingHeads(numHeads, askedKvHeads);
  const groupSize = numHeads / numKvHeads;
  return {
    numHeads,
    numKvHeads,
    headOptions: dividingHeadCounts(embedDim, maxHeads),
    kvOptions: dividingHeadCounts(numHeads),
    kind: numKvHeads === numHeads ? 'mha' : numKvHeads === 1 ? 'mqa' : 'gqa',
    groups: Array.from({ length: numKvHeads }, (_, kvHead) => ({ kvHead, queryHeads: Array.from({ length: groupSize }, (_, i) => kvHead * groupSize + i) })),
    counts: groupedQueryCounts(embedDim, numHeads, numKvHeads),
  };
}

/** The widget's first g for h query heads: half of them when h is even (a real grouping), else h. */
export function defaultKvHeads(numHeads: number): number {
  return numHeads % 2 === 0 && numHeads > 1 ? numHeads / 2 : numHeads;
}
