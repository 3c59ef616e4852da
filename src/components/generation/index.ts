export { GenerationPanel, type GenerationPanelProps } from './GenerationPanel';
export { AttentionRowStrip } from './AttentionRowStrip';
export { chipText, formatCount, formatPercent, formatSigned } from './generationFormat';
export { runGeneration, seedFrom, TEMPERATURE_RANGE, TOKEN_RANGE, type GenerationOutcome, type GenerationSettings } from './generationRun';
