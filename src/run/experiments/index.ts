// A lesson widget's own small experiment: views call useExperiment(name, params) and draw the plain data it hands
// back; the engine is called only here (see README.md). Views import from this index, never from the files beside it.
export { fastValue, latestValue, useExperiment, type ExperimentState } from './useExperiment';
export type { ExperimentName, ExperimentParams, ExperimentResult } from './table';
export { seededPermutation, type PermutationRun } from './permutation';
export { CROSS_MAX_TOKENS, type CrossModelSettings, type CrossResult } from './crossAttention';
export { SCORING_IDS, isScoringId, type ScoringId, type ScoreMap } from './scoreMaps';
export { NORM_EPS, type Attended, type EngineRow, type HeadWeights, type Point, type QkvTrace } from './small';
