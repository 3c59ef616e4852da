export { ModelPicker, MODEL_CARD_HREF } from './ModelPicker';
export { ModelLoadStatus } from './ModelLoadStatus';
export { CausalSwitch } from './CausalSwitch';
