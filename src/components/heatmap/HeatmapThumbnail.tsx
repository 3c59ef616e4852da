import { memo, useMemo } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
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
 * A small, decorative (aria-hidden), non-interactive heatmap: no labels, legend or tooltip. Uses the same cell
 * drawing as AttentionHeatmap (HeatmapCells for SVG, paintHeatmap for canvas); the control around it names it.
 */
export const HeatmapThumbnail = memo(function HeatmapThumbnail({ matrix, kind = 'weights', mask = null, size = 64, palette = 'viridis' }: HeatmapThumbnailProps) {
  const hatchId = useSvgId('thumb-hatch');
  const scale = useMemo(() => heatmapScale(kind, matrix, mask, palette), [kind, matrix, mask, palette]);
  const longest = Math.max(matrix.rows, matrix.cols, 1);
  const cell = size / longest;
  const width = cell * matrix.cols;
  const height = cell * matrix.rows;
  // Two cells per CSS pixel at most: a 512-token head is pooled to 128 × 128 before painting (16× fewer pixels).
  const pooled = useMemo(() => poolForThumbnail(matrix, mask, Math.ceil(size * 2)), [matrix, mask, size]);
  if (longest > THUMBNAIL_SVG_TOKEN_LIMIT) {
    return (
      <span className="attention-heatmap-thumbnail">
        <HeatmapCanvas matrix={pooled.matrix} scale={scale} mask={pooled.mask} width={width} height={height} />
      </span>
    );
  }
  return (
    <svg className="attention-heatmap-thumbnail" width={width} height={height} aria-hidden="true" focusable="false">
      <defs>
        <HatchPattern id={hatchId} size={4} />
      </defs>
      <HeatmapCells matrix={matrix} scale={scale} mask={mask} cellWidth={cell} cellHeight={cell} hatchId={hatchId} />
    </svg>
  );
});
