import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { Generation } from './Generation';
import { KvCache } from './KvCache';

/** The lesson-12 widgets kv-cache and generation: each id → its component. */
export const generationWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'kv-cache': KvCache,
  generation: Generation,
};
