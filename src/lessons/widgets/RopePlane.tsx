import { useId } from 'react';
import type { Pair } from './ropeMath';

// Drawing units: the plane spans ±LIMIT feature units in SIZE px, y up in the plane and down on screen.
const SIZE = 240;
const MARGIN = 16;
const LIMIT = 1.6;
const UNIT = SIZE / (2 * LIMIT);
const VIEW = SIZE + 2 * MARGIN;
const toPx = (p: Pair) => ({ x: SIZE / 2 + p.x * UNIT, y: SIZE / 2 - p.y * UNIT });
const TICKS = [-1, 0, 1];

export interface RopePlaneProps {
  /** The pairs before rotation (position 0), drawn dashed; `keyPair` because `key` is React's own prop. */
  readonly query: Pair;
  readonly keyPair: Pair;
  /** The same pairs turned by m·θ and n·θ. */
  readonly rotatedQuery: Pair;
  readonly rotatedKey: Pair;
  /** The accessible description of the picture. */
  readonly label: string;
}

/** One 2-D feature pair of a query and a key as arrows, before (dashed) and after their rotation. Static picture. */
export function RopePlane({ query, keyPair, rotatedQuery, rotatedKey, label }: RopePlaneProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const origin = toPx({ x: 0, y: 0 });
  const arrow = (p: Pair, className: string, marker?: string) => {
    const tip = toPx(p);
    return <line className={className} x1={origin.x} y1={origin.y} x2={tip.x} y2={tip.y} markerEnd={marker ? `url(#${marker})` : undefined} />;
  };
  const circle = (p: Pair) => <circle className="lw-rope-plane__orbit" cx={origin.x} cy={origin.y} r={Math.hypot(p.x, p.y) * UNIT} />;
  const tipLabel = (p: Pair, text: string, className: string) => {
    const tip = toPx(p);
    const length = Math.hypot(p.x, p.y);
    const ux = length > 1e-9 ? p.x / length : 0;
    const uy = length > 1e-9 ? p.y / length : 0;
    return (
      <text className={className} x={tip.x + ux * 14} y={tip.y - uy * 14 + 4} textAnchor="middle">
        {text}
      </text>
    );
  };

  return (
    <svg className="lw-rope-plane" viewBox={`${-MARGIN} ${-MARGIN} ${VIEW} ${VIEW}`} role="img" aria-label={label}>
      <defs>
        <marker id={`${uid}-q`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 Z" className="lw-rope-plane__head--query" />
        </marker>
        <marker id={`${uid}-k`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 Z" className="lw-rope-plane__head--key" />
        </marker>
      </defs>
      <g aria-hidden="true">
        <rect className="lw-rope-plane__frame" x={0} y={0} width={SIZE} height={SIZE} />
        {TICKS.map((v) => (
          <g key={v}>
            <line className={v === 0 ? 'lw-rope-plane__axis' : 'lw-rope-plane__grid'} x1={toPx({ x: v, y: 0 }).x} x2={toPx({ x: v, y: 0 }).x} y1={0} y2={SIZE} />
            <line className={v === 0 ? 'lw-rope-plane__axis' : 'lw-rope-plane__grid'} y1={toPx({ x: 0, y: v }).y} y2={toPx({ x: 0, y: v }).y} x1={0} x2={SIZE} />
          </g>
        ))}
        {circle(query)}
        {circle(keyPair)}
        {arrow(query, 'lw-rope-plane__start lw-rope-plane__start--query')}
        {arrow(keyPair, 'lw-rope-plane__start lw-rope-plane__start--key')}
        {arrow(rotatedKey, 'lw-rope-plane__key', `${uid}-k`)}
        {arrow(rotatedQuery, 'lw-rope-plane__query', `${uid}-q`)}
        {tipLabel(rotatedQuery, 'q', 'lw-rope-plane__word lw-rope-plane__word--query')}
        {tipLabel(rotatedKey, 'k', 'lw-rope-plane__word lw-rope-plane__word--key')}
      </g>
    </svg>
  );
}
