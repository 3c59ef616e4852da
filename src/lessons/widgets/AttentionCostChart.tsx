import { useT } from '../../i18n/translate';
import { formatCount } from '../../components/generation';
import { attentionOps, crossoverLength, LENGTH_EXPONENTS, powerOfTenLabel, recurrentOps } from './attentionCostMath';

// The chart's own coordinates (viewBox units); it scales to the box's width.
const WIDTH = 320;
const HEIGHT = 200;
const PLOT = { left: 44, right: 10, top: 10, bottom: 34 } as const;
const X_TICKS = [4, 7, 10, 13, 15]; // exponents of two: 16, 128, 1,024, 8,192, 32,768

/**
 * Log–log chart of operations per layer against n for one width d: self-attention n²·d (slope 2) and a recurrent
 * layer n·d² (slope 1), the point where they cross (n = d) and a marker at the chosen n. Described by `ariaLabel`.
 */
export function CostChart({ n, d, ariaLabel }: { readonly n: number; readonly d: number; readonly ariaLabel: string }) {
  const t = useT();
  const nMin = 2 ** LENGTH_EXPONENTS.min;
  const nMax = 2 ** LENGTH_EXPONENTS.max;
  const yLow = Math.floor(Math.log10(Math.min(attentionOps(nMin, d), recurrentOps(nMin, d))));
  const yHigh = Math.ceil(Math.log10(Math.max(attentionOps(nMax, d), recurrentOps(nMax, d))));
  const innerW = WIDTH - PLOT.left - PLOT.right;
  const innerH = HEIGHT - PLOT.top - PLOT.bottom;
  const x = (length: number) => PLOT.left + ((Math.log2(length) - LENGTH_EXPONENTS.min) / (LENGTH_EXPONENTS.max - LENGTH_EXPONENTS.min)) * innerW;
  const y = (ops: number) => PLOT.top + (1 - (Math.log10(ops) - yLow) / (yHigh - yLow)) * innerH;
  const line = (ops: (length: number) => number) => `M${x(nMin).toFixed(1)},${y(ops(nMin)).toFixed(1)} L${x(nMax).toFixed(1)},${y(ops(nMax)).toFixed(1)}`;
  const yStep = Math.max(1, Math.ceil((yHigh - yLow) / 5));
  const yTicks = Array.from({ length: Math.floor((yHigh - yLow) / yStep) + 1 }, (_, i) => yLow + i * yStep);
  const cross = crossoverLength(d);

  return (
    <div className="lw-decoding-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={ariaLabel} data-testid="cost-chart">
        <g className="lw-decoding-chart__grid">
          {yTicks.map((e) => (
            <g key={e}>
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(10 ** e)} y2={y(10 ** e)} />
              <text x={PLOT.left - 4} y={y(10 ** e) + 3} textAnchor="end">
                {powerOfTenLabel(e)}
              </text>
            </g>
          ))}
          {X_TICKS.map((e) => (
            <text key={e} x={x(2 ** e)} y={HEIGHT - PLOT.bottom + 12} textAnchor="middle">
              {formatCount(2 ** e)}
            </text>
          ))}
          <text x={PLOT.left + innerW / 2} y={HEIGHT - 4} textAnchor="middle">
            {t('lw.decoding.cost.axisN')}
          </text>
        </g>
        <path className="lw-decoding-chart__recurrent" d={line((length) => recurrentOps(length, d))} />
        <path className="lw-decoding-chart__attention" d={line((length) => attentionOps(length, d))} />
        <circle className="lw-decoding-chart__cross" cx={x(cross)} cy={y(attentionOps(cross, d))} r={4} />
        <line className="lw-decoding-chart__marker" x1={x(n)} x2={x(n)} y1={PLOT.top} y2={HEIGHT - PLOT.bottom} />
        <circle className="lw-decoding-chart__dot lw-decoding-chart__dot--attention" cx={x(n)} cy={y(attentionOps(n, d))} r={3} />
        <circle className="lw-decoding-chart__dot lw-decoding-chart__dot--recurrent" cx={x(n)} cy={y(recurrentOps(n, d))} r={3} />
      </svg>
    </div>
  );
}
