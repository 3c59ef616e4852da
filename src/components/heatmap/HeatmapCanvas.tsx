import { useEffect, useRef, type CSSProperties } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import type { HeatmapScale } from './heatmapModel';
import { paintWhenVisible, stopWatching } from '../paintWhenVisible';
import { paintHeatmap } from './paint';

export interface HeatmapCanvasProps {
  /** The values to paint, [query × key]. */
  readonly matrix: Matrix;
  /** Colour scale (see heatmapScale). */
  readonly scale: HeatmapScale;
  /** Blocked cells, painted grey with hatch lines (default none). */
  readonly mask?: BlockedMask | null;
  /** CSS pixel size of the cell area. */
  readonly width: number;
  readonly height: number;
  /** Accessible name; omit when the canvas is decorative (the surrounding widget names it). */
  readonly label?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
}

/**
 * The heatmap painted on a <canvas>: one ImageData pixel per cell scaled up, so 512 × 512 cells cost one draw call
 * instead of 262,144 DOM nodes. React owns the element; the effect only paints it (nothing where canvas is missing),
 * and only once it is on screen (paintWhenVisible).
 */
export function HeatmapCanvas({ matrix, scale, mask = null, width, height, label, className, style }: HeatmapCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    return paintWhenVisible(canvas, () => paintHeatmap(canvas, { matrix, scale, mask, width, height }));
  }, [matrix, scale, mask, width, height]);
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
