import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { AttentionCost } from './AttentionCost';
import { DecoderBlock } from './DecoderBlock';
import { TeacherForcing } from './TeacherForcing';

/** The lesson-12 widgets decoder-block, teacher-forcing, attention-cost: each id → its component. */
export const decodingWidgets: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = {
  'decoder-block': DecoderBlock,
  'teacher-forcing': TeacherForcing,
  'attention-cost': AttentionCost,
};
