import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { QkvEditor } from './QkvEditor';
import { ScalingCompare } from './ScalingCompare';
import { SqrtDk } from './SqrtDk';
import { VectorDrag } from './VectorDrag';

/** The lesson widgets vector-drag, qkv-editor, sqrt-dk, scaling-compare: each id → its component. */
export const basicsWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'vector-drag': VectorDrag,
  'qkv-editor': QkvEditor,
  'sqrt-dk': SqrtDk,
  'scaling-compare': ScalingCompare,
};
