export { SelectedHeadPanel, type SelectedHeadPanelProps, type SelectedHeadView } from './SelectedHeadPanel';
export { resolveSelection, type ResolvedSelection } from './selection';
