import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';

/** The lesson widgets score-compare, cross-attention: each id → its component. */
export const scoringWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {};
