import { memo } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { isBlockedAt, type HeatmapScale } from './heatmapModel';
import { MASKED_CELL_FILL, MASKED_HATCH_STROKE } from './palettes';

/** The grey, diagonally hatched fill of blocked cells, as an SVG <pattern> (put it in the <svg>'s <defs>). */
export function HatchPattern({ id, size = 6 }: { readonly id: string; readonly size?: number }) {
  return (
    <pattern id={id} width={size} height={size} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width={size} height={size} fill={MASKED_CELL_FILL} />
      <line x1={0} y1={0} x2={0} y2={size} stroke={MASKED_HATCH_STROKE} strokeWidth={1.5} />
    </pattern>
  );
}

export interface HeatmapCellsProps {
  /** The values, [query × key]. */
  readonly matrix: Matrix;
  readonly scale: HeatmapScale;
  readonly mask?: BlockedMask | null;
  readonly cellWidth: number;
  readonly cellHeight: number;
  /** id of a HatchPattern in the same SVG, used for blocked cells. */
  readonly hatchId: string;
}

/**
 * One <rect> per cell, for small matrices (the canvas path paints the same colours from the same scale).
 * Each rect carries data-q / data-k, and data-masked when blocked, so pointer events find their cell. Blocked cells
 * are grey rects under one hatched <path>: a pattern fill per cell made Chromium paint the pattern once per blocked
 * cell (120 times for 16 tokens under a causal mask) on every repaint.
 */
export const HeatmapCells = memo(function HeatmapCells({ matrix, scale, mask = null, cellWidth, cellHeight, hatchId }: HeatmapCellsProps) {
  const inset = Math.min(cellWidth, cellHeight) >= 10 ? 0.5 : 0;
  const w = Math.max(0, cellWidth - 2 * inset);
  const h = Math.max(0, cellHeight - 2 * inset);
  const cells = [];
  let hatched = '';
  for (let q = 0; q < matrix.rows; q++) {
    for (let k = 0; k < matrix.cols; k++) {
      const i = q * matrix.cols + k;
      const blocked = isBlockedAt(matrix, mask, i);
      const x = k * cellWidth + inset;
      const y = q * cellHeight + inset;
      if (blocked) hatched += `M${x} ${y}h${w}v${h}h${-w}z`;
      cells.push(
        <rect
          key={i}
          x={x}
          y={y}
          width={w}
          height={h}
          fill={blocked ? MASKED_CELL_FILL : scale.color(matrix.data[i])}
          data-q={q}
          data-k={k}
          data-masked={blocked ? 'true' : undefined}
        />,
      );
    }
  }
  return (
    <g className="attention-heatmap__cells">
      {cells}
      {hatched !== '' && <path className="attention-heatmap__hatch" d={hatched} fill={`url(#${hatchId})`} pointerEvents="none" />}
    </g>
  );
});
