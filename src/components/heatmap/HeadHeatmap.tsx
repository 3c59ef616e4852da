import { scaleBand } from 'd3';
import { useMemo } from 'react';
import type { Matrix } from '../../engine';
import { heatmapScale, SVG_TOKEN_LIMIT } from './heatmapModel';
import { HeatmapCanvas } from './HeatmapCanvas';

export { SVG_TOKEN_LIMIT };

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

/**
 * The first, minimal heatmap (kept while the page's overview still uses it).
 * @deprecated Use AttentionHeatmap (tooltips, keyboard, masks, legend, table view) or HeatmapThumbnail.
 */
export function HeadHeatmap({ weights, tokens, title, size = 220, showLabels = true }: HeadHeatmapProps) {
  const margin = showLabels ? LABEL_SPACE : 4;
  const useCanvas = Math.max(weights.rows, weights.cols) > SVG_TOKEN_LIMIT;
  const x = useMemo(() => scaleBand<number>().domain(indices(weights.cols)).range([0, size]), [weights.cols, size]);
  const y = useMemo(() => scaleBand<number>().domain(indices(weights.rows)).range([0, size]), [weights.rows, size]);
  const scale = useMemo(() => heatmapScale('weights', weights, null), [weights]);
  if (useCanvas) {
    return (
      <figure className="head-heatmap">
        <figcaption>{title}</figcaption>
        <HeatmapCanvas
          matrix={weights}
          scale={scale}
          width={size}
          height={size}
          label={`${title}: attention weights of ${weights.rows} query tokens over ${weights.cols} key tokens`}
        />
      </figure>
    );
  }
  const cells = [];
  for (let q = 0; q < weights.rows; q++) {
    for (let k = 0; k < weights.cols; k++) {
      const w = weights.data[q * weights.cols + k];
      cells.push(
        <rect key={`${q}-${k}`} x={x(k)} y={y(q)} width={x.bandwidth()} height={y.bandwidth()} fill={scale.color(w)}>
          <title>{`query “${tokens[q]}” → key “${tokens[k]}”: ${w.toFixed(3)}`}</title>
        </rect>,
      );
    }
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

function indices(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
