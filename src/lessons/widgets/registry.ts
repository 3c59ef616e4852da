import type { ComponentType } from 'react';
import type { WidgetId, WidgetProps } from '../types';
import { basicsWidgets } from './basics';
import { decodingWidgets } from './decoding';
import { generationWidgets } from './generation';
import { groupedWidgets } from './grouped';
import { ropeWidgets } from './rope';
import { headsWidgets } from './heads';
import { modelWidgets } from './model';
import { scoringWidgets } from './scoring';
import { trainedWidgets } from './trained';

/** Every lesson widget by id (tests/lessons/content.test.ts checks each WidgetId has one). */
export const WIDGETS: Partial<Record<WidgetId, ComponentType<WidgetProps>>> = { ...basicsWidgets, ...headsWidgets, ...scoringWidgets, ...modelWidgets, ...trainedWidgets, ...decodingWidgets, ...generationWidgets, ...groupedWidgets, ...ropeWidgets };
