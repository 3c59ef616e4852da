export { AttentionHeatmap, type AttentionHeatmapProps } from './AttentionHeatmap';
export { HeatmapThumbnail, THUMBNAIL_SVG_TOKEN_LIMIT, type HeatmapThumbnailProps } from './HeatmapThumbnail';
export { HeatmapLegend, type HeatmapLegendProps } from './HeatmapLegend';
export { HeatmapTable, TABLE_PAGE_SIZE, type HeatmapTableProps } from './HeatmapTable';
export { HeatmapCanvas, type HeatmapCanvasProps } from './HeatmapCanvas';
export { HeatmapCells, HatchPattern, type HeatmapCellsProps } from './HeatmapCells';
export {
  axisLabels,
  blockedCellsPath,
  cellBlocked,
  cellFill,
  cellGrid,
  cellRect,
  cutLabel,
  heatmapCellLayout,
  withCells,
  LABEL_MAX_CHARS,
  type AxisLabel,
  type CellGrid,
  type HeatmapCellLayout,
} from './cellLayout';
export * from './heatmapModel';
export { heatmapLayout, type HeatmapLayout } from './layout';
export { blockedRuns, colorRamp, fillCellPixels, paintHeatmap, rampIndex } from './paint';
export { contrastRatio, readableTextColour } from './readableText';
