// One staged model run for every view: text and the student's switches in, every trace out (see ../README.md).
export { encoderModel } from './modelCache';
export { EncoderModel, type WordsOptions } from './encoderModel';
export { CausalLmModel, keptPositions, START_TOKEN_LABEL, textChips, type CausalLmModelOptions, type ModelVariant } from './causalLmModel';
export { readTrainedModelFile, trainedModelFromBytes, trainedModelFromFile, type TrainedModel } from './trainedModel';
export type { CausalLmRun, LmRunModel, LmRunInputs, LmRunOptions, ResolvedLmInputs } from './lmTypes';
export { activeBackend, typescriptBackend, type RunBackend } from './backend';
export { enableFastAttention, disableFastAttention, fastAttentionEnabled } from './wasmBackend';
export { clampTokenLimit } from './inputStage';
export { attachEncoderRun, attachLmRun, detachEncoderRun, detachLmRun, LayerTraceIds, type DetachedEncoderRun, type DetachedLmRun } from './runTransfer';
export { copyForTransfer } from './transferCopy';
export type { EncoderRun, ForwardPass, KvCacheDecoding, Model, ModelBase, ModelRunResult, ResolvedRunInputs, RunInputs } from './types';
