import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { CodeWalk } from './CodeWalk';
import { FullyMaskedRow } from './FullyMaskedRow';
import { HeadSplit } from './HeadSplit';
import { HeadsPlayground } from './HeadsPlayground';
import { LayoutExplorer } from './LayoutExplorer';
import { MaskLab } from './MaskLab';

/** The lesson widgets mask-lab, fully-masked-row, head-split, heads-playground, code-walk, layout-explorer: each id → its component. */
export const headsWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'mask-lab': MaskLab,
  'fully-masked-row': FullyMaskedRow,
  'head-split': HeadSplit,
  'heads-playground': HeadsPlayground,
  'code-walk': CodeWalk,
  'layout-explorer': LayoutExplorer,
};
