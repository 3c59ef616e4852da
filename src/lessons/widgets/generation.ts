import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';

/** The lesson-12 widgets kv-cache and generation: each id → its component. */
export const generationWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {};
