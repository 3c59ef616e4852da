import { memo, useMemo } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { blockedCellsPath, cellBlocked, cellFill, cellRect, heatmapCellLayout, type HeatmapCellLayout } from './cellLayout';
import type { HeatmapScale } from './heatmapModel';
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

/** What to draw: a cell layout, or a matrix with its scale, mask and cell size (laid out here as SVG cells). */
export type HeatmapCellsSource =
  | { readonly layout: HeatmapCellLayout }
  | {
      /** The values, [query × key]. */
      readonly matrix: Matrix;
      readonly scale: HeatmapScale;
      readonly mask?: BlockedMask | null;
      readonly cellWidth: number;
      readonly cellHeight: number;
    };

export type HeatmapCellsProps = HeatmapCellsSource & {
  /** id of a HatchPattern in the same SVG, used for blocked cells. */
  readonly hatchId: string;
};

/**
 * The React SVG renderer of a heatmap cell layout: one <rect> per cell, for small matrices (the canvas paints the
 * same layout). Each rect carries data-q / data-k, and data-masked when blocked, so pointer events find their cell.
 * Blocked cells are grey rects under one hatched <path>: a pattern fill per cell made Chromium paint the pattern once
 * per blocked cell (120 times for 16 tokens under a causal mask) on every repaint.
 */
export const HeatmapCells = memo(function HeatmapCells(props: HeatmapCellsProps) {
  const { hatchId } = props;
  const given = 'layout' in props ? props.layout : null;
  const source = 'layout' in props ? null : props;
  const matrix = source?.matrix ?? null;
  const scale = source?.scale ?? null;
  const mask = source?.mask ?? null;
  const cellWidth = source?.cellWidth ?? 0;
  const cellHeight = source?.cellHeight ?? 0;
  const layout = useMemo(
    () => given ?? (matrix && scale ? heatmapCellLayout({ matrix, scale, mask, medium: 'svg', cellWidth, cellHeight }) : null),
    [given, matrix, scale, mask, cellWidth, cellHeight],
  );
  if (!layout) return null;
  return <SvgCells layout={layout} hatchId={hatchId} />;
});

function SvgCells({ layout, hatchId }: { readonly layout: HeatmapCellLayout; readonly hatchId: string }) {
  const { rows, cols } = layout;
  const cells = [];
  for (let q = 0; q < rows; q++) {
    for (let k = 0; k < cols; k++) {
      const i = q * cols + k;
      const blocked = cellBlocked(layout, i);
      cells.push(<rect key={i} {...cellRect(layout, q, k)} fill={cellFill(layout, i)} data-q={q} data-k={k} data-masked={blocked ? 'true' : undefined} />);
    }
  }
  const hatched = blockedCellsPath(layout);
  return (
    <g className="attention-heatmap__cells">
      {cells}
      {hatched !== '' && <path className="attention-heatmap__hatch" d={hatched} fill={`url(#${hatchId})`} pointerEvents="none" />}
    </g>
  );
}
