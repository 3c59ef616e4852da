import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { EncoderBlock } from './EncoderBlock';
import { MiniLab } from './MiniLab';
import { NormCompare } from './NormCompare';
import { PatternFinder } from './PatternFinder';
import { PeHeatmap } from './PeHeatmap';
import { Permutation } from './Permutation';
import { RankCollapse } from './RankCollapse';
import { WalkthroughStep } from './WalkthroughStep';

/** The lesson widgets encoder-block, rank-collapse, norm-compare, pe-heatmap, permutation, pattern-finder, mini-lab, walkthrough-step: each id → its component. */
export const modelWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'encoder-block': EncoderBlock,
  'rank-collapse': RankCollapse,
  'norm-compare': NormCompare,
  'pe-heatmap': PeHeatmap,
  permutation: Permutation,
  'pattern-finder': PatternFinder,
  'mini-lab': MiniLab,
  'walkthrough-step': WalkthroughStep,
};
