import { extent, line, scaleLinear, scaleLog } from 'd3';
import { useId } from 'react';

export interface LineSeries {
  readonly label: string;
  /** y per x (same length as `x`); NaN points are skipped. */
  readonly values: readonly number[];
  readonly className: string;
}

export interface LinePlotProps {
  readonly title: string;
  readonly x: readonly number[];
  readonly series: readonly LineSeries[];
  readonly xLabel: string;
  readonly yLabel: string;
  /** Log₂ x axis (default false). */
  readonly logX?: boolean;
  /** y domain (default: from the data, from 0). */
  readonly yDomain?: readonly [number, number];
  /** An x value to mark with a vertical rule (the slider's position). */
  readonly marker?: number;
  readonly width?: number;
  readonly height?: number;
}

/** A small line chart: d3 computes the scales and paths, React renders the SVG. */
export function LinePlot({ title, x, series, xLabel, yLabel, logX = false, yDomain, marker, width = 340, height = 200 }: LinePlotProps) {
  const titleId = useId();
  const m = { top: 10, right: 12, bottom: 38, left: 46 };
  const [x0, x1] = extent(x) as [number, number];
  const xs = logX ? scaleLog().base(2).domain([x0, x1]) : scaleLinear().domain([x0, x1]);
  xs.range([m.left, width - m.right]);
  const allY = series.flatMap((s) => s.values.filter(Number.isFinite));
  const ys = scaleLinear()
    .domain(yDomain ?? [0, Math.max(1e-9, ...allY)])
    .nice()
    .range([height - m.bottom, m.top]);
  const path = line<number>()
    .defined((v) => Number.isFinite(v))
    .x((_, i) => xs(x[i]))
    .y((v) => ys(v));
  const xTicks = logX ? x : xs.ticks(6);
  return (
    <figure className="wt-plot">
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="wt-plot__svg" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        <g className="wt-plot__axis">
          <line x1={m.left} x2={width - m.right} y1={height - m.bottom} y2={height - m.bottom} />
          <line x1={m.left} x2={m.left} y1={m.top} y2={height - m.bottom} />
          {xTicks.map((v) => (
            <text key={`x${v}`} x={xs(v)} y={height - m.bottom + 14} textAnchor="middle">
              {v}
            </text>
          ))}
          {ys.ticks(4).map((v) => (
            <text key={`y${v}`} x={m.left - 6} y={ys(v) + 4} textAnchor="end">
              {v}
            </text>
          ))}
          <text className="wt-plot__label" x={(m.left + width - m.right) / 2} y={height - 4} textAnchor="middle">
            {xLabel}
          </text>
          <text className="wt-plot__label" transform={`translate(12, ${(m.top + height - m.bottom) / 2}) rotate(-90)`} textAnchor="middle">
            {yLabel}
          </text>
        </g>
        {marker !== undefined && <line className="wt-plot__marker" x1={xs(marker)} x2={xs(marker)} y1={m.top} y2={height - m.bottom} />}
        {series.map((s) => (
          <path key={s.label} className={`wt-plot__line ${s.className}`} d={path(s.values as number[]) ?? undefined} fill="none" />
        ))}
      </svg>
      <figcaption className="wt-plot__legend">
        {series.map((s) => (
          <span key={s.label} className={`wt-plot__key ${s.className}`}>
            <span className="wt-plot__swatch" aria-hidden="true" /> {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
