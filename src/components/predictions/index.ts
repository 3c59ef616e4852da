export { NextTokenPredictions, type NextTokenPredictionsProps, type ShownPrediction } from './NextTokenPredictions';
export { formatProbability } from './formatProbability';
export { PredictionsPanel } from './PredictionsPanel';
