import type { PlaygroundState } from '../types';

/**
 * Whether the model on screen has taken a training step since it was built or loaded: the chart's history starts
 * empty with every new model (the 'ready' answer in connectionAnswers.ts) and gets a point for each step taken.
 */
export const trainedSinceLoad = (s: Pick<PlaygroundState, 'history'>): boolean => s.history.length > 0;
