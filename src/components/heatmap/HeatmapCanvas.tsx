import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { heatmapCellLayout, type HeatmapCellLayout } from './cellLayout';
import type { HeatmapScale } from './heatmapModel';
import { paintWhenVisible, stopWatching } from '../paintWhenVisible';
import { paintHeatmap } from './paint';

/** What to paint: a cell layout, or a matrix with its scale and mask (laid out here, one cell per pixel). */
export type HeatmapCanvasCells =
  | { readonly layout: HeatmapCellLayout }
  | {
      /** The values to paint, [query × key]. */
      readonly matrix: Matrix;
      /** Colour scale (see heatmapScale). */
      readonly scale: HeatmapScale;
      /** Blocked cells, painted grey with hatch lines (default none). */
      readonly mask?: BlockedMask | null;
    };

export type HeatmapCanvasProps = HeatmapCanvasCells & {
  /** CSS pixel size of the cell area (default the layout's plotWidth × plotHeight; required with a matrix). */
  readonly width?: number;
  readonly height?: number;
  /** Accessible name; omit when the canvas is decorative (the surrounding widget names it). */
  readonly label?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
};

/** A matrix laid out as canvas cells filling width × height. */
const canvasLayout = (matrix: Matrix, scale: HeatmapScale, mask: BlockedMask | null, width: number, height: number): HeatmapCellLayout =>
  heatmapCellLayout({ matrix, scale, mask, medium: 'canvas', cellWidth: width / Math.max(1, matrix.cols), cellHeight: height / Math.max(1, matrix.rows) });

/**
 * The canvas renderer of a heatmap cell layout: one ImageData pixel per cell scaled up, so 512 × 512 cells cost one
 * draw call instead of 262,144 DOM nodes. React owns the element; the effect only paints it (nothing where canvas
 * is missing), and only once it is on screen (paintWhenVisible).
 */
export function HeatmapCanvas(props: HeatmapCanvasProps) {
  const { label, className, style } = props;
  const given = 'layout' in props ? props.layout : null;
  const source = 'layout' in props ? null : props;
  const matrix = source?.matrix ?? null;
  const scale = source?.scale ?? null;
  const mask = source?.mask ?? null;
  const width = props.width ?? given?.plotWidth ?? 0;
  const height = props.height ?? given?.plotHeight ?? 0;
  const layout = useMemo(
    () => given ?? (matrix && scale ? canvasLayout(matrix, scale, mask, width, height) : null),
    [given, matrix, scale, mask, width, height],
  );
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || !layout) return;
    return paintWhenVisible(canvas, () => paintHeatmap(canvas, layout, { width, height }));
  }, [layout, width, height]);
  useEffect(() => {
    const canvas = ref.current;
    return () => {
      if (canvas) stopWatching(canvas);
    };
  }, []);
  return (
    <canvas
      ref={ref}
      className={className}
      style={{ width, height, ...style }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
