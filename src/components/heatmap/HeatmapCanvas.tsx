import { interpolateViridis, scaleSequential } from 'd3';
import { useEffect, useRef } from 'react';
import type { Matrix } from '../../engine';

export interface HeatmapCanvasProps {
  /** Attention weights of one head, [query × key]. */
  readonly weights: Matrix;
  readonly label: string;
  /** Pixel size of the square (default 220). */
  readonly size?: number;
}

/**
 * The same heatmap painted on a <canvas>: one pixel block per cell, so 512 × 512 cells cost one draw call
 * instead of 262,144 DOM nodes. React owns the element; the effect only paints it.
 */
export function HeatmapCanvas({ weights, label, size = 220 }: HeatmapCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const color = scaleSequential(interpolateViridis).domain([0, 1]);
    const image = ctx.createImageData(weights.cols, weights.rows);
    for (let i = 0; i < weights.data.length; i++) {
      const c = parseRgb(color(weights.data[i]));
      image.data.set([c[0], c[1], c[2], 255], i * 4);
    }
    canvas.width = weights.cols;
    canvas.height = weights.rows;
    ctx.putImageData(image, 0, 0);
  }, [weights]);
  return <canvas ref={ref} role="img" aria-label={label} style={{ width: size, height: size, imageRendering: 'pixelated' }} />;
}

function parseRgb(css: string): [number, number, number] {
  const m = /(\d+),\s*(\d+),\s*(\d+)/.exec(css);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
}
