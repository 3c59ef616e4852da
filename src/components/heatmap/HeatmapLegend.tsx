import { useT } from '../../i18n/translate';
import { formatTick, type HeatmapScale } from './heatmapModel';
import { HatchPattern } from './HeatmapCells';
import { useSvgId } from './useSvgId';

export interface HeatmapLegendProps {
  readonly scale: HeatmapScale;
  /** Width of the colour bar in pixels (default 220). */
  readonly width?: number;
  /** Show the hatched "masked" swatch (default false). */
  readonly showMasked?: boolean;
  /** Show the "fully masked row" marker explanation (default false). */
  readonly showFullyMasked?: boolean;
}

const BAR_HEIGHT = 10;
const STOPS = 16;

/** The colour scale with its tick values; for weights 0 … 1, for scores −m … 0 … m. */
export function HeatmapLegend({ scale, width = 220, showMasked = false, showFullyMasked = false }: HeatmapLegendProps) {
  const t = useT();
  const gradientId = useSvgId('legend-gradient');
  const hatchId = useSvgId('legend-hatch');
  const [lo, hi] = scale.domain;
  const x = (v: number) => ((v - lo) / (hi - lo || 1)) * width;
  const name = scale.kind === 'weights' ? t('heatmap.legend.weight') : t('heatmap.legend.score');
  return (
    <div className="attention-heatmap__legend">
      <svg width={width + 24} height={BAR_HEIGHT + 34} role="img" aria-label={t('heatmap.legend.label', { name, from: formatTick(lo), to: formatTick(hi) })}>
        <defs>
          <linearGradient id={gradientId} x1="0" x2="1" y1="0" y2="0">
            {Array.from({ length: STOPS + 1 }, (_, i) => (
              <stop key={i} offset={`${(i / STOPS) * 100}%`} stopColor={scale.color(lo + ((hi - lo) * i) / STOPS)} />
            ))}
          </linearGradient>
        </defs>
        <g transform="translate(12,16)">
          <text x={0} y={-5} className="attention-heatmap__legend-name">
            {name}
          </text>
          <rect width={width} height={BAR_HEIGHT} fill={`url(#${gradientId})`} stroke="#94a3b8" strokeWidth={0.5} />
          {scale.ticks.map((v) => (
            <g key={v} transform={`translate(${x(v)},${BAR_HEIGHT})`}>
              <line y2={4} stroke="#475569" />
              <text y={15} textAnchor="middle" className="attention-heatmap__legend-tick">
                {formatTick(v)}
              </text>
            </g>
          ))}
        </g>
      </svg>
      {showMasked && (
        <span className="attention-heatmap__legend-item">
          <svg width={16} height={16} aria-hidden="true">
            <defs>
              <HatchPattern id={hatchId} />
            </defs>
            <rect width={16} height={16} fill={`url(#${hatchId})`} stroke="#71717a" strokeWidth={0.5} />
          </svg>
          {t('heatmap.legend.masked')}
        </span>
      )}
      {showFullyMasked && (
        <span className="attention-heatmap__legend-item">
          <span aria-hidden="true" className="attention-heatmap__row-marker-symbol">
            ⊘
          </span>
          {t('heatmap.legend.fullyMasked')}
        </span>
      )}
    </div>
  );
}
