import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';

/** The lesson-12 widgets decoder-block, teacher-forcing, attention-cost: each id → its component. */
export const decodingWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {};
