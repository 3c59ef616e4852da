import { useId, useState } from 'react';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { useT } from '../../i18n/translate';
import type { WidgetProps } from '../types';
import { RopePlane } from './RopePlane';
import { dotPair, pairLength, pairScore, rotatePair, ropeTheta, type Pair } from './ropeMath';
import './rope.css';

/** The head width the pairs belong to: 4 pairs, θ = 1, 0.1, 0.01, 0.001. */
export const ROPE_WIDTH = 8;
/** The sliders' last position. */
export const ROPE_MAX_POSITION = 40;
/** One pair of a query's and a key's features before rotation (fixed, so only the positions move the arrows). */
export const ROPE_QUERY: Pair = { x: 1.2, y: 0.5 };
export const ROPE_KEY: Pair = { x: 0.4, y: 0.9 };
/** Shifts of both positions listed in the table: the score is the same in every row. */
export const ROPE_SHIFTS = [0, 1, 10, 100, 1000] as const;

const PAIRS = ROPE_WIDTH / 2;

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
}

/** Radians to degrees in [0, 360) (after whole turns), for the picture's description. */
const turnDegrees = (radians: number) => (((radians * 180) / Math.PI) % 360 + 360) % 360;

/**
 * Rotary position embedding on one feature pair: a query at position m and a key at position n (sliders) are
 * turned by m·θ_i and n·θ_i; the picture shows both arrows and the score q_m · k_n is printed. Buttons move both
 * positions together, and a table lists the score for the same offset further along: it never changes.
 * Config: m, n (0 … 40, defaults 2 and 5); pair (0 … 3, default 0, the fastest pair with θ = 1).
 */
export function RopeRotation({ config }: WidgetProps) {
  const t = useT();
  const [m, setM] = useState(() => clampInt(config?.m, 0, ROPE_MAX_POSITION, 2));
  const [n, setN] = useState(() => clampInt(config?.n, 0, ROPE_MAX_POSITION, 5));
  const [pair, setPair] = useState(() => clampInt(config?.pair, 0, PAIRS - 1, 0));
  const uid = useId();

  const theta = ropeTheta(pair, ROPE_WIDTH);
  const rotatedQuery = rotatePair(ROPE_QUERY, m * theta);
  const rotatedKey = rotatePair(ROPE_KEY, n * theta);
  const score = dotPair(rotatedQuery, rotatedKey);
  // The signed angle from the rotated query to the rotated key, in (−180°, 180°].
  const between = (Math.atan2(rotatedQuery.x * rotatedKey.y - rotatedQuery.y * rotatedKey.x, score) * 180) / Math.PI;
  const shift = (by: number) => {
    setM((v) => v + by);
    setN((v) => v + by);
  };
  const canShiftUp = Math.max(m, n) < ROPE_MAX_POSITION;
  const canShiftDown = Math.min(m, n) > 0;

  return (
    <div className="lw-rope">
      <div className="lw-rope-controls">
        <div className="lw-rope-field">
          <label htmlFor={`${uid}-pair`}>{t('lw.rope.pair', { d: ROPE_WIDTH })}</label>
          <select id={`${uid}-pair`} value={pair} onChange={(e) => setPair(clampInt(e.target.value, 0, PAIRS - 1, pair))}>
            {Array.from({ length: PAIRS }, (_, i) => (
              <option key={i} value={i}>
                {t('lw.rope.pairOption', { i, theta: String(Number(ropeTheta(i, ROPE_WIDTH).toPrecision(3))) })}
              </option>
            ))}
          </select>
        </div>
        <div className="lw-rope-slider">
          <label htmlFor={`${uid}-m`}>{t('lw.rope.queryPosition')}</label>
          <input id={`${uid}-m`} type="range" min={0} max={ROPE_MAX_POSITION} step={1} value={m} onChange={(e) => setM(clampInt(e.target.value, 0, ROPE_MAX_POSITION, m))} />
          <output htmlFor={`${uid}-m`}>m = {m}</output>
        </div>
        <div className="lw-rope-slider">
          <label htmlFor={`${uid}-n`}>{t('lw.rope.keyPosition')}</label>
          <input id={`${uid}-n`} type="range" min={0} max={ROPE_MAX_POSITION} step={1} value={n} onChange={(e) => setN(clampInt(e.target.value, 0, ROPE_MAX_POSITION, n))} />
          <output htmlFor={`${uid}-n`}>n = {n}</output>
        </div>
        <div className="lw-rope-buttons">
          <button type="button" onClick={() => shift(-1)} disabled={!canShiftDown}>
            {t('lw.rope.shiftDown')}
          </button>
          <button type="button" onClick={() => shift(1)} disabled={!canShiftUp}>
            {t('lw.rope.shiftUp')}
          </button>
        </div>
      </div>
      <div className="lw-rope-body">
        <figure className="lw-rope-figure">
          <RopePlane
            query={ROPE_QUERY}
            keyPair={ROPE_KEY}
            rotatedQuery={rotatedQuery}
            rotatedKey={rotatedKey}
            label={t('lw.rope.plane', { qa: turnDegrees(m * theta).toFixed(1), ka: turnDegrees(n * theta).toFixed(1), between: formatValue(between, 1) })}
          />
          <figcaption className="lw-rope-legend">
            <span className="lw-rope-legend__query">━</span> {t('lw.rope.legendQuery')} · <span className="lw-rope-legend__key">━</span> {t('lw.rope.legendKey')} · {t('lw.rope.legendStart')}
          </figcaption>
        </figure>
        <div className="lw-rope-numbers">
          <p className="lw-rope-note" data-testid="rope-angles">
            {t('lw.rope.angles', { qa: formatValue(m * theta, 3), ka: formatValue(n * theta, 3), offset: m - n })}
          </p>
          <p className="lw-rope-score" aria-live="polite">
            {t('lw.rope.score')} <output data-testid="rope-score">{formatValue(score, 3)}</output>
          </p>
          <p className="lw-rope-note">{t('lw.rope.unrotated', { score: formatValue(dotPair(ROPE_QUERY, ROPE_KEY), 3) })}</p>
          <p className="lw-rope-note">{t('lw.rope.lengths', { q: formatValue(pairLength(rotatedQuery), 3), k: formatValue(pairLength(rotatedKey), 3) })}</p>
          <div className="lw-rope-scroll" role="region" tabIndex={0} aria-label={t('lw.rope.tableLabel')}>
            <table className="lw-rope-table">
              <caption>{t('lw.rope.tableCaption', { offset: m - n })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('lw.rope.colShift')}</th>
                  <th scope="col">{t('lw.rope.colPositions')}</th>
                  <th scope="col">{t('lw.rope.colScore')}</th>
                </tr>
              </thead>
              <tbody>
                {ROPE_SHIFTS.map((s) => (
                  <tr key={s} data-shift={s}>
                    <th scope="row">+{s}</th>
                    <td>
                      ({m + s}, {n + s})
                    </td>
                    <td data-cell="score">{formatValue(pairScore(ROPE_QUERY, m + s, ROPE_KEY, n + s, theta), 3)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
      <p className="lw-rope-note">{t('lw.rope.invariant')}</p>
      <p className="lw-rope-note">{t('lw.rope.values')}</p>
    </div>
  );
}
