export { AttentionHeatmap, type AttentionHeatmapProps } from './AttentionHeatmap';
export { HeatmapThumbnail, THUMBNAIL_SVG_TOKEN_LIMIT, type HeatmapThumbnailProps } from './HeatmapThumbnail';
export { HeatmapLegend, type HeatmapLegendProps } from './HeatmapLegend';
export { HeatmapTable, TABLE_PAGE_SIZE, type HeatmapTableProps } from './HeatmapTable';
export { HeatmapCanvas, type HeatmapCanvasProps } from './HeatmapCanvas';
export { HeatmapCells, HatchPattern } from './HeatmapCells';
export * from './heatmapModel';
export { heatmapLayout, type HeatmapLayout } from './layout';
export { blockedRuns, colorRamp, fillCellPixels, paintHeatmap, rampIndex } from './paint';
