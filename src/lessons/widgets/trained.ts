import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { TrainedModelLab } from './TrainedModelLab';

/** The lesson widget trained-model-lab (lessons 5 and 10): id → its component. */
export const trainedWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'trained-model-lab': TrainedModelLab,
};
