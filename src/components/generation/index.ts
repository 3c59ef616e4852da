export { GenerationPanel, type GenerationPanelProps } from './GenerationPanel';
export { AttentionRowStrip } from './AttentionRowStrip';
export { chipText, formatCount, formatPercent, formatSigned } from './generationFormat';
