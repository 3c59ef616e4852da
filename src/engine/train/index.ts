/** The in-browser trainer of issue 7 (the contract is types.ts). Not re-exported by src/engine/index.ts. */
export * from './types';
export { makeBatch, TASK_DEFAULTS } from './tasks';
export { createTrainer, defaultConfig, defaultSettings, heldOutBatch, HELD_OUT_SEQUENCES, isHeadGrid, isModelInput, trainerFromWeights, trainingRandom, validateConfig, weightsRandom } from './trainer';
