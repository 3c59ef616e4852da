import { useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { useT } from '../../i18n/translate';
import { fastValue, useExperiment } from '../../run/experiments';
import type { WidgetProps } from '../types';
import { argmax, BIG_STEP, clampPoint, initialScene, movedBy, PLANE_LIMIT, STEP, type Point, type Scene } from './VectorDragModel';
import { MARGIN, SIZE, toPx, UNIT, VIEW, wordPlaces } from './vectorDragPlane';
import './basics.css';

const TICKS = Array.from({ length: 2 * Math.floor(PLANE_LIMIT) + 1 }, (_, i) => i - Math.floor(PLANE_LIMIT));

const KEY_WORDS = ['lw.basics.drag.word0', 'lw.basics.drag.word1', 'lw.basics.drag.word2', 'lw.basics.drag.word3'] as const;
const MOVES: Readonly<Record<string, readonly [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

/** 'query' or a key index. */
type Handle = 'query' | number;

function withPoint(scene: Scene, handle: Handle, p: Point): Scene {
  return handle === 'query' ? { ...scene, query: clampPoint(p) } : { ...scene, keys: scene.keys.map((k, i) => (i === handle ? clampPoint(p) : k)) };
}

/**
 * One query and four keys as arrows in a plane, draggable or moved with the arrow keys. Live: q·k_i, the softmax
 * weights (bars and numbers, summing to 1) and the weighted average of the keys (each word's value is its key tip).
 * config.queryOnKey (a key index, 0–3) starts the query exactly on that key.
 */
export function VectorDrag({ config }: WidgetProps) {
  const t = useT();
  const start = useMemo(() => initialScene(config?.queryOnKey), [config?.queryOnKey]);
  const [scene, setScene] = useState<Scene>(start);
  const [dragging, setDragging] = useState<Handle | null>(null);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  // Softmax of the dot products (src/run/experiments, 'vector-drag': microseconds, memoised).
  const result = fastValue(useExperiment('vector-drag', { query: scene.query, keys: scene.keys }));
  const best = argmax(result.weights);
  const sum = result.weights.reduce((s, w) => s + w, 0);
  const words = KEY_WORDS.map((k) => t(k));
  const queryWord = t('lw.basics.drag.wordQuery');
  const places = wordPlaces(scene, { keys: words, query: queryWord, best }, result.output);
  const coords = (p: Point) => ({ x: formatValue(p.x, 1), y: formatValue(p.y, 1) });

  const planePoint = (e: PointerEvent<SVGSVGElement>): Point | null => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return null;
    const vx = ((e.clientX - box.left) / box.width) * VIEW - MARGIN;
    const vy = ((e.clientY - box.top) / box.height) * VIEW - MARGIN;
    return { x: (vx - SIZE / 2) / UNIT, y: (SIZE / 2 - vy) / UNIT };
  };
  const grab = (e: PointerEvent<SVGGElement>, handle: Handle) => {
    e.preventDefault();
    e.currentTarget.focus();
    // Captured by the whole plane, so the drag continues when the pointer outruns the handle.
    const plane = e.currentTarget.ownerSVGElement;
    if (plane && typeof plane.setPointerCapture === 'function') plane.setPointerCapture(e.pointerId);
    setDragging(handle);
  };
  const drag = (e: PointerEvent<SVGSVGElement>) => {
    if (dragging === null) return;
    const p = planePoint(e);
    if (p) setScene((s) => withPoint(s, dragging, p));
  };
  const nudge = (e: KeyboardEvent<SVGGElement>, handle: Handle) => {
    const move = MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    e.stopPropagation(); // the arrows move the point here, not the page
    const step = e.shiftKey ? BIG_STEP : STEP;
    setScene((s) => withPoint(s, handle, movedBy(handle === 'query' ? s.query : s.keys[handle], move[0] * step, move[1] * step)));
  };

  const origin = toPx({ x: 0, y: 0 });
  const q = toPx(scene.query);
  const out = toPx(result.output);
  const handleProps = (handle: Handle, label: string) => ({
    className: `lw-basics-drag__handle${dragging === handle ? ' is-dragging' : ''}`,
    role: 'button',
    tabIndex: 0,
    'aria-roledescription': t('lw.basics.drag.roleDescription'),
    'aria-label': label,
    'aria-describedby': `${uid}-help`,
    onPointerDown: (e: PointerEvent<SVGGElement>) => grab(e, handle),
    onKeyDown: (e: KeyboardEvent<SVGGElement>) => nudge(e, handle),
  });

  return (
    <div className="lw-basics-drag">
      <p className="lw-basics-help" id={`${uid}-help`}>
        {t('lw.basics.drag.instructions')}
      </p>
      <div className="lw-basics-drag__body">
        <div className="lw-basics-drag__figure">
          <svg
            className="lw-basics-drag__plane"
            viewBox={`${-MARGIN} ${-MARGIN} ${VIEW} ${VIEW}`}
            role="group"
            aria-label={t('lw.basics.drag.plane', { query: queryWord, ...coords(scene.query), n: scene.keys.length, ox: formatValue(result.output.x, 2), oy: formatValue(result.output.y, 2) })}
            onPointerMove={drag}
            onPointerUp={() => setDragging(null)}
            onPointerCancel={() => setDragging(null)}
          >
            <g aria-hidden="true">
              {TICKS.map((v) => (
                <g key={v}>
                  <line className={v === 0 ? 'lw-basics-drag__axis' : 'lw-basics-drag__grid'} x1={toPx({ x: v, y: 0 }).x} x2={toPx({ x: v, y: 0 }).x} y1={0} y2={SIZE} />
                  <line className={v === 0 ? 'lw-basics-drag__axis' : 'lw-basics-drag__grid'} y1={toPx({ x: 0, y: v }).y} y2={toPx({ x: 0, y: v }).y} x1={0} x2={SIZE} />
                </g>
              ))}
              <rect className="lw-basics-drag__frame" x={0} y={0} width={SIZE} height={SIZE} />
              {scene.keys.map((k, i) => {
                const p = toPx(k);
                return <line key={i} className={`lw-basics-drag__key${i === best ? ' is-best' : ''}`} x1={origin.x} y1={origin.y} x2={p.x} y2={p.y} strokeWidth={1.5 + 5 * result.weights[i]} />;
              })}
              <line className="lw-basics-drag__query" x1={origin.x} y1={origin.y} x2={q.x} y2={q.y} />
            </g>
            {scene.keys.map((k, i) => {
              const p = toPx(k);
              return (
                <g key={i} transform={`translate(${p.x},${p.y})`} {...handleProps(i, t('lw.basics.drag.keyHandle', { word: words[i], ...coords(k) }))}>
                  <circle className="lw-basics-drag__hit" r={16} />
                  <circle className="lw-basics-drag__dot" r={7} />
                </g>
              );
            })}
            <g transform={`translate(${q.x},${q.y})`} {...handleProps('query', t('lw.basics.drag.queryHandle', { word: queryWord, ...coords(scene.query) }))}>
              <circle className="lw-basics-drag__hit" r={16} />
              <rect className="lw-basics-drag__dot lw-basics-drag__dot--query" x={-7} y={-7} width={14} height={14} />
            </g>
            <g className="lw-basics-drag__output" data-testid="vector-drag-output" transform={`translate(${out.x},${out.y})`} role="img" aria-label={t('lw.basics.drag.outputAt', { x: formatValue(result.output.x, 2), y: formatValue(result.output.y, 2) })}>
              <path d="M0,-8 L8,0 L0,8 L-8,0 Z" />
            </g>
            <g aria-hidden="true" className="lw-basics-drag__labels">
              {scene.keys.map((_, i) => (
                <text key={i} className={`lw-basics-drag__word${i === best ? ' is-best' : ''}`} x={places[i].x} y={places[i].y} textAnchor="middle">
                  {words[i]}
                </text>
              ))}
              <text className="lw-basics-drag__word lw-basics-drag__word--query" x={places[scene.keys.length].x} y={places[scene.keys.length].y} textAnchor="middle">
                {queryWord}
              </text>
            </g>
          </svg>
          <p className="lw-basics-drag__legend" aria-hidden="true">
            <span className="lw-basics-drag__legend-query">■</span> {t('lw.basics.drag.legendQuery', { word: queryWord })} <span className="lw-basics-drag__legend-key">●</span>{' '}
            {t('lw.basics.drag.legendKey')} <span>◆</span> {t('lw.basics.drag.output')}
          </p>
        </div>
        <div className="lw-basics-drag__numbers">
          <table className="lw-basics-table lw-basics-drag__table">
            <caption>{t('lw.basics.drag.tableCaption', { query: queryWord })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lw.basics.drag.colKey')}</th>
                <th scope="col">{t('lw.basics.drag.colScore')}</th>
                <th scope="col">{t('lw.basics.drag.colWeight')}</th>
              </tr>
            </thead>
            <tbody>
              {scene.keys.map((_, i) => (
                <tr key={i} data-key={i} className={i === best ? 'is-best' : undefined}>
                  <th scope="row">
                    {words[i]}
                    {i === best && <span className="lw-basics-drag__mark"> ★</span>}
                  </th>
                  <td data-cell="score">{formatValue(result.scores[i], 2)}</td>
                  <td className="lw-basics-drag__weight">
                    <span className="lw-basics-bar" aria-hidden="true">
                      <span className="lw-basics-bar__fill" style={{ width: `${Math.max(0, Math.min(1, result.weights[i])) * 100}%` }} />
                    </span>
                    <span data-cell="weight">{formatValue(result.weights[i], 3)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('lw.basics.drag.sum')}
                </th>
                <td data-cell="sum">{formatValue(sum, 3)}</td>
              </tr>
            </tfoot>
          </table>
          <p aria-live="polite" data-testid="vector-drag-summary">
            {t('lw.basics.drag.largest', { word: words[best], weight: formatValue(result.weights[best], 3) })}
          </p>
          <p className="lw-basics-note">{t('lw.basics.drag.valuesNote', { x: formatValue(result.output.x, 2), y: formatValue(result.output.y, 2) })}</p>
          <button type="button" className="secondary" onClick={() => setScene(start)}>
            {t('lw.basics.reset')}
          </button>
        </div>
      </div>
    </div>
  );
}
