/** The in-browser trainer of issue 7 (the contract is types.ts). Not re-exported by src/engine/index.ts. */
export * from './types';
export { makeBatch, TASK_DEFAULTS } from './tasks';
export {
  createTrainer,
  defaultConfig,
  defaultSettings,
  heldOutBatch,
  HELD_OUT_SEQUENCES,
  isHeadGrid,
  isModelInput,
  trainerFromDecoded,
  trainerFromWeights,
  trainingRandom,
  validateConfig,
  weightsRandom,
} from './trainer';
export { MAX_MODEL_FILE_BYTES, MAX_MODEL_FILE_DEPTH, parseModelFileText, readModelFile, sizeRefusal } from './modelFileText';
export { MODEL_FILE_REASONS, parseModelFileProblem, QUOTE_MAX, refusalOf, type ModelFileProblem, type ModelFileReason, type ModelFileRefusal } from './modelFileProblem';
export { MEMORY_BUDGET_BYTES, trainingMemoryBytes } from './trainingMemory';
