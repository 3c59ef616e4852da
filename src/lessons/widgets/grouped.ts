import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { GroupedQuery } from './GroupedQuery';

/** The lesson widget grouped-query: id → its component. */
export const groupedWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'grouped-query': GroupedQuery,
};
