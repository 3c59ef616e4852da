import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';

/** The lesson widget rope-rotation: id → its component. */
export const ropeWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {};
