export { HeadView, HeadViewDiagram, LINE_SVG_TOKEN_LIMIT, CANVAS_MIN_WEIGHT, type HeadViewProps, type HeadViewDiagramProps } from './HeadView';
export { OutputDifference, DIFFERENCE_SVG_ROW_LIMIT, type OutputDifferenceProps } from './OutputDifference';
export { HeadViewPanel, type HeadViewPanelProps } from './HeadViewPanel';
export { HEAD_COLORS, headColor, headStroke, type HeadStroke } from './headColors';
export { formatDelta, outputDifference, differenceReason, type DifferenceSource, type DifferenceReason } from './difference';
export { headviewMessages } from './headview.messages';
export { fittedTokenColumn, tokenTextWidth } from './columnFit';
