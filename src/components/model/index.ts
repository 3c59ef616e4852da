export { ModelPicker, MODEL_CARD_HREF } from './ModelPicker';
export { ModelStatusLine } from './ModelStatusLine';
export { CausalSwitch } from './CausalSwitch';
export { LabPresets } from './LabPresets';
export { exampleSettings, TRAINED_EXAMPLE_IDS, TRAINED_EXAMPLES, type TrainedExampleId } from './labPresets';
export { Gpt2CheckpointPanel } from './Gpt2CheckpointPanel';
