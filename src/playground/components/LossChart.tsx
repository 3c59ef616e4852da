import { line, max, scaleLinear } from 'd3';
import { useId, useMemo, useRef } from 'react';
import { useT } from '../../i18n/translate';
import { useElementWidth } from '../../shared/useElementWidth';
import { usePlayground } from '../playgroundStore';
import type { TrainingPoint } from '../types';
import { formatLoss, formatPercent } from './format';

const HEIGHT = 240;
/** Rows of the held-out table (the newest); the CSV download has every point. */
export const HELD_OUT_TABLE_ROWS = 12;
const MARGIN = { top: 12, right: 48, bottom: 40, left: 48 };
/** Before the first measure (and in jsdom). */
const DEFAULT_WIDTH = 560;

/**
 * Training loss (left axis) and training / held-out accuracy (right axis, 0–100 %) against the step. d3 computes
 * scales, ticks and paths; React renders the SVG, so the chart redraws with the store like everything else.
 */
export function LossChart() {
  const t = useT();
  const history = usePlayground((s) => s.history);
  const heldOutHistory = usePlayground((s) => s.heldOutHistory);
  const step = usePlayground((s) => s.step);
  const frame = useRef<HTMLDivElement>(null);
  const width = Math.max(280, useElementWidth(frame) ?? DEFAULT_WIDTH);
  const titleId = useId();
  const descId = useId();

  const geometry = useMemo(() => {
    const lastStep = Math.max(10, step, history[history.length - 1]?.step ?? 0);
    const x = scaleLinear().domain([0, lastStep]).nice().range([MARGIN.left, width - MARGIN.right]);
    const topLoss = max(history, (p) => (Number.isFinite(p.loss) ? p.loss : 0)) ?? 0;
    const yLoss = scaleLinear().domain([0, Math.max(0.5, topLoss)]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
    const yAccuracy = scaleLinear().domain([0, 1]).range([HEIGHT - MARGIN.bottom, MARGIN.top]);
    const path = (y: (v: number) => number, pick: (p: TrainingPoint) => number) =>
      line<TrainingPoint>()
        .defined((p) => Number.isFinite(pick(p)))
        .x((p) => x(p.step))
        .y((p) => y(pick(p)));
    return {
      x,
      yLoss,
      yAccuracy,
      lossPath: path(yLoss, (p) => p.loss)(history as TrainingPoint[]) ?? '',
      accuracyPath: path(yAccuracy, (p) => p.accuracy)(history as TrainingPoint[]) ?? '',
      heldOutPath: path(yAccuracy, (p) => p.accuracy)(heldOutHistory as TrainingPoint[]) ?? '',
    };
  }, [history, heldOutHistory, step, width]);

  const { x, yLoss, yAccuracy } = geometry;
  const bottom = HEIGHT - MARGIN.bottom;
  const lastTrain = history[history.length - 1];
  const lastHeldOut = heldOutHistory[heldOutHistory.length - 1];
  const summary =
    history.length === 0
      ? t('pg.chart.empty')
      : t('pg.chart.summary', { step, loss: formatLoss(lastTrain?.loss), accuracy: formatPercent(lastHeldOut?.accuracy) });

  return (
    <figure className="playground-chart" ref={frame}>
      <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={descId} data-points={history.length}>
        <title id={titleId}>{t('pg.chart.title')}</title>
        <desc id={descId}>{summary}</desc>
        <g className="playground-chart__grid" aria-hidden="true">
          {yAccuracy.ticks(4).map((v) => (
            <line key={v} x1={MARGIN.left} x2={width - MARGIN.right} y1={yAccuracy(v)} y2={yAccuracy(v)} />
          ))}
        </g>
        <g className="playground-chart__axis" aria-hidden="true">
          <line x1={MARGIN.left} x2={width - MARGIN.right} y1={bottom} y2={bottom} />
          {x.ticks(Math.max(2, Math.floor(width / 90))).map((v) => (
            <text key={`x${v}`} x={x(v)} y={bottom + 16} textAnchor="middle">
              {v}
            </text>
          ))}
          <text className="playground-chart__label" x={(MARGIN.left + width - MARGIN.right) / 2} y={HEIGHT - 4} textAnchor="middle">
            {t('pg.chart.step')}
          </text>
          {yLoss.ticks(4).map((v) => (
            <text key={`l${v}`} x={MARGIN.left - 6} y={yLoss(v) + 4} textAnchor="end" className="playground-chart__loss-tick">
              {v}
            </text>
          ))}
          {yAccuracy.ticks(4).map((v) => (
            <text key={`a${v}`} x={width - MARGIN.right + 6} y={yAccuracy(v) + 4} textAnchor="start">
              {Math.round(v * 100)}%
            </text>
          ))}
          <text className="playground-chart__label" transform={`translate(12, ${(MARGIN.top + bottom) / 2}) rotate(-90)`} textAnchor="middle">
            {t('pg.chart.loss')}
          </text>
          <text className="playground-chart__label" transform={`translate(${width - 8}, ${(MARGIN.top + bottom) / 2}) rotate(90)`} textAnchor="middle">
            {t('pg.chart.accuracy')}
          </text>
        </g>
        <path className="playground-chart__line playground-chart__line--loss" d={geometry.lossPath} />
        <path className="playground-chart__line playground-chart__line--accuracy" d={geometry.accuracyPath} />
        <path className="playground-chart__line playground-chart__line--held-out" d={geometry.heldOutPath} />
        {heldOutHistory.length <= 200 &&
          heldOutHistory.map((p) => (
            <circle key={p.step} className="playground-chart__dot" cx={x(p.step)} cy={yAccuracy(p.accuracy)} r={2.5} />
          ))}
      </svg>
      <figcaption className="playground-chart__legend">
        <span className="playground-chart__key playground-chart__key--loss">{t('pg.chart.trainLoss')}</span>
        <span className="playground-chart__key playground-chart__key--accuracy">{t('pg.chart.trainAccuracy')}</span>
        <span className="playground-chart__key playground-chart__key--held-out">{t('pg.chart.heldOutAccuracy')}</span>
        <span className="playground-chart__summary">{summary}</span>
      </figcaption>
      {heldOutHistory.length > 0 && <HeldOutTable points={heldOutHistory} />}
    </figure>
  );
}

/** The held-out evaluations as a table (newest first), for reading exact values and for screen readers. */
function HeldOutTable({ points }: { readonly points: readonly TrainingPoint[] }) {
  const t = useT();
  const newest = points.slice(-HELD_OUT_TABLE_ROWS).reverse();
  return (
    <details className="playground-chart__table">
      <summary>{t('pg.chart.table', { n: newest.length, total: points.length })}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('pg.chart.step')}</th>
            <th scope="col">{t('pg.chart.heldOutLoss')}</th>
            <th scope="col">{t('pg.chart.heldOutAccuracy')}</th>
          </tr>
        </thead>
        <tbody>
          {newest.map((p) => (
            <tr key={p.step}>
              <td>{p.step}</td>
              <td>{formatLoss(p.loss)}</td>
              <td>{formatPercent(p.accuracy)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
