import { interpolateViridis, scaleBand, scaleSequential } from 'd3';
import { useMemo } from 'react';
import type { Matrix } from '../../engine';
import { HeatmapCanvas } from './HeatmapCanvas';

/** Beyond this many tokens a heatmap is painted on a canvas instead of one SVG rect per cell. */
export const SVG_TOKEN_LIMIT = 64;

export interface HeadHeatmapProps {
  /** Attention weights of one head, [query × key]: row i is how query token i spreads its attention over the keys. */
  readonly weights: Matrix;
  /** Token labels; length = weights.rows = weights.cols for self-attention. */
  readonly tokens: readonly string[];
  readonly title: string;
  /** Pixel size of the whole grid (default 220). */
  readonly size?: number;
  /** Draw the token labels on both axes (default true). */
  readonly showLabels?: boolean;
}

const LABEL_SPACE = 72;

/** Attention weights as a grid of cells: query tokens down the side, key tokens along the top, viridis colour. */
export function HeadHeatmap({ weights, tokens, title, size = 220, showLabels = true }: HeadHeatmapProps) {
  const margin = showLabels ? LABEL_SPACE : 4;
  const useCanvas = Math.max(weights.rows, weights.cols) > SVG_TOKEN_LIMIT;
  const x = useMemo(() => scaleBand<number>().domain(d3Range(weights.cols)).range([0, size]), [weights.cols, size]);
  const y = useMemo(() => scaleBand<number>().domain(d3Range(weights.rows)).range([0, size]), [weights.rows, size]);
  const color = useMemo(() => scaleSequential(interpolateViridis).domain([0, 1]), []);
  const cells = [];
  for (let q = 0; q < (useCanvas ? 0 : weights.rows); q++) {
    for (let k = 0; k < weights.cols; k++) {
      const w = weights.data[q * weights.cols + k];
      cells.push(
        <rect key={`${q}-${k}`} x={x(k)} y={y(q)} width={x.bandwidth()} height={y.bandwidth()} fill={color(w)}>
          <title>{`query “${tokens[q]}” → key “${tokens[k]}”: ${w.toFixed(3)}`}</title>
        </rect>,
      );
    }
  }
  if (useCanvas) {
    return (
      <figure className="head-heatmap">
        <figcaption>{title}</figcaption>
        <HeatmapCanvas weights={weights} size={size} label={`${title}: attention weights of ${weights.rows} query tokens over ${weights.cols} key tokens`} />
      </figure>
    );
  }
  const fontSize = Math.max(7, Math.min(12, x.bandwidth() * 0.8));
  return (
    <figure className="head-heatmap">
      <figcaption>{title}</figcaption>
      <svg width={size + margin + 4} height={size + margin + 4} role="img" aria-label={`${title}: attention weights, query tokens as rows, key tokens as columns`}>
        <g transform={`translate(${margin},${margin})`}>
          {cells}
          {showLabels &&
            tokens.map((t, i) => (
              <g key={i}>
                <text x={-4} y={(y(i) ?? 0) + y.bandwidth() / 2} dominantBaseline="middle" textAnchor="end" fontSize={fontSize}>
                  {t}
                </text>
                <text transform={`translate(${(x(i) ?? 0) + x.bandwidth() / 2},-4) rotate(-60)`} fontSize={fontSize}>
                  {t}
                </text>
              </g>
            ))}
        </g>
      </svg>
    </figure>
  );
}

function d3Range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
