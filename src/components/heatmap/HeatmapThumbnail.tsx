import { memo, useMemo } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { heatmapCellLayout } from './cellLayout';
import { heatmapScale, type HeatmapKind } from './heatmapModel';
import { HatchPattern, HeatmapCells } from './HeatmapCells';
import { HeatmapCanvas } from './HeatmapCanvas';
import type { WeightPalette } from './palettes';
import { poolForThumbnail } from './pooling';
import { useSvgId } from './useSvgId';
import './heatmap.css';

/** Thumbnails stay SVG up to this many tokens: a grid of 18 of them at 16 tokens is already 4,600 rects to restyle on every toggle. */
export const THUMBNAIL_SVG_TOKEN_LIMIT = 8;

export interface HeatmapThumbnailProps {
  /** The values, [query × key]. */
  readonly matrix: Matrix;
  /** 'weights' (default) or 'scores'; the same scales as AttentionHeatmap. */
  readonly kind?: HeatmapKind;
  /** Blocked cells, hatched (default none). */
  readonly mask?: BlockedMask | null;
  /** Pixel length of the longer side (default 64). */
  readonly size?: number;
  /** Sequential palette for weights (default 'viridis'). */
  readonly palette?: WeightPalette;
}

/**
 * A small, decorative (aria-hidden), non-interactive heatmap: no labels, legend or tooltip. The same cell layout and
 * renderers as AttentionHeatmap (HeatmapCells for SVG, HeatmapCanvas for canvas); the control around it names it.
 */
export const HeatmapThumbnail = memo(function HeatmapThumbnail({ matrix, kind = 'weights', mask = null, size = 64, palette = 'viridis' }: HeatmapThumbnailProps) {
  const hatchId = useSvgId('thumb-hatch');
  const scale = useMemo(() => heatmapScale(kind, matrix, mask, palette), [kind, matrix, mask, palette]);
  const useCanvas = Math.max(matrix.rows, matrix.cols, 1) > THUMBNAIL_SVG_TOKEN_LIMIT;
  // Two cells per CSS pixel at most: a 512-token head is pooled to 128 × 128 before painting (16× fewer pixels), and
  // the pooled cells are laid out over the same area.
  const layout = useMemo(() => {
    const longest = Math.max(matrix.rows, matrix.cols, 1);
    const cell = size / longest;
    if (!useCanvas) return heatmapCellLayout({ matrix, mask, scale, medium: 'svg', size });
    const pooled = poolForThumbnail(matrix, mask, Math.ceil(size * 2));
    return heatmapCellLayout({
      matrix: pooled.matrix,
      mask: pooled.mask,
      scale,
      medium: 'canvas',
      cellWidth: (cell * matrix.cols) / pooled.matrix.cols,
      cellHeight: (cell * matrix.rows) / pooled.matrix.rows,
    });
  }, [matrix, mask, scale, size, useCanvas]);
  if (useCanvas) {
    return (
      <span className="attention-heatmap-thumbnail">
        <HeatmapCanvas layout={layout} />
      </span>
    );
  }
  return (
    <svg className="attention-heatmap-thumbnail" width={layout.plotWidth} height={layout.plotHeight} aria-hidden="true" focusable="false">
      <defs>
        <HatchPattern id={hatchId} size={4} />
      </defs>
      <HeatmapCells layout={layout} hatchId={hatchId} />
    </svg>
  );
});
