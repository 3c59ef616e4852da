import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { CrossAttention } from './CrossAttention';
import { ScoreCompare } from './ScoreCompare';

/** The lesson widgets score-compare, cross-attention: each id → its component. */
export const scoringWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'score-compare': ScoreCompare,
  'cross-attention': CrossAttention,
};
