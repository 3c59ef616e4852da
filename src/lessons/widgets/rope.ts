import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { RopeRotation } from './RopeRotation';

/** The lesson widget rope-rotation: id → its component. */
export const ropeWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'rope-rotation': RopeRotation,
};
