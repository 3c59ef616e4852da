import { scaleBand } from 'd3';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Matrix } from '../../engine';
import { paintWhenVisible, stopWatching } from '../paintWhenVisible';
import { headStroke } from './headColors';
import { headLineGroups, visibleLines, type HeadGroups, type LineGroup, type LineSelection, type TokenFocus } from '../../models/pipeline/headLines';
import { canvasScale } from './lines';

export interface HeadLinesProps {
  /** Attention weights per head, each [query × key]; head h is drawn in headStroke(h). */
  readonly weights: readonly Matrix[];
  /** Heads switched off: no lines. */
  readonly disabled: ReadonlySet<number>;
  /** Only this token's lines, or null for all. */
  readonly focus: TokenFocus | null;
  /** 'svg': one <line> per query–key pair (small inputs); 'canvas': one painted bitmap (long inputs). */
  readonly mode: 'svg' | 'canvas';
  /** CSS pixels between the two token columns. */
  readonly width: number;
  /** CSS pixels per token row; line ends sit at row centres. */
  readonly rowHeight: number;
  /** Canvas mode, nothing focused: lines weaker than this are left out. */
  readonly minWeight: number;
  /** Canvas mode, nothing focused: per head and query token, only its this many strongest lines. */
  readonly perQuery?: number;
  /** Canvas mode: opacity = weight × this (default 1, i.e. opacity = weight, as in SVG mode). */
  readonly opacityScale?: number;
  readonly label: string;
  /** Canvas mode: the scrolling element around the columns; the canvas covers only its visible part. */
  readonly viewport?: RefObject<HTMLElement | null>;
  /** A head drawn on top at full strength, the others faded (FADED_OPACITY); null or absent: every head alike. */
  readonly emphasis?: number | null;
}

/** How strongly the other heads' lines show while one head is emphasised. */
export const FADED_OPACITY = 0.25;

/** Head indices in drawing order: the emphasised head last, on top. */
function drawingOrder<T extends { readonly head: number }>(items: readonly T[], emphasis: number | null): T[] {
  return emphasis === null ? [...items] : [...items.filter((i) => i.head !== emphasis), ...items.filter((i) => i.head === emphasis)];
}

const STROKE_WIDTH = 2;

/** Row centres, from a d3 band scale over the token indices. */
function useRowCentre(count: number, rowHeight: number): (i: number) => number {
  return useMemo(() => {
    const band = scaleBand<number>()
      .domain(Array.from({ length: count }, (_, i) => i))
      .range([0, count * rowHeight]);
    return (i: number) => (band(i) ?? 0) + band.bandwidth() / 2;
  }, [count, rowHeight]);
}

/** The lines between the query column and the key column. React owns the <svg>/<canvas>; the canvas effect only paints. */
export function HeadLines(props: HeadLinesProps) {
  return props.mode === 'svg' ? <HeadLinesSvg {...props} /> : <HeadLinesCanvas {...props} />;
}

function HeadLinesSvg({ weights, disabled, focus, width, rowHeight, label, emphasis = null }: HeadLinesProps) {
  const rows = Math.max(weights[0]?.rows ?? 0, weights[0]?.cols ?? 0);
  const y = useRowCentre(rows, rowHeight);
  const height = rows * rowHeight;
  const lines = useMemo(() => visibleLines(weights, { disabled, focus }), [weights, disabled, focus]);
  const byHead = new Map<number, typeof lines>();
  for (const line of lines) {
    const list = byHead.get(line.head);
    if (list) list.push(line);
    else byHead.set(line.head, [line]);
  }
  return (
    <svg className="headview-lines-svg" width={width} height={height} role="img" aria-label={label}>
      {drawingOrder([...byHead].map(([head, list]) => ({ head, list })), emphasis).map(({ head, list }) => {
        const stroke = headStroke(head);
        return (
          <g key={head} data-head-group={head} opacity={emphasis === null || head === emphasis ? undefined : FADED_OPACITY} stroke={stroke.color} strokeWidth={stroke.width} strokeDasharray={stroke.dash.length ? stroke.dash.join(' ') : undefined}>
            {list.map((l) => (
              <line key={`${l.query}-${l.key}`} data-head={l.head} data-query={l.query} data-key={l.key} x1={0} y1={y(l.query)} x2={width} y2={y(l.key)} strokeOpacity={l.weight} />
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Long inputs: a canvas only as tall as the visible part of the scrolling column (position: sticky), repainted on
 * scroll. Software rasterising thousands of lines across a 10,000-pixel-tall canvas took seconds; clipped to the
 * viewport it is a few milliseconds. React owns the element and its size; the effect only paints.
 */
function HeadLinesCanvas({ weights, disabled, focus, width, rowHeight, minWeight, perQuery, opacityScale = 1, label, viewport, emphasis = null }: HeadLinesProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const rows = Math.max(weights[0]?.rows ?? 0, weights[0]?.cols ?? 0);
  const height = rows * rowHeight;
  const y = useRowCentre(rows, rowHeight);
  const heads = useMemo(() => headLineGroups(weights, canvasSelection(disabled, focus, minWeight, perQuery), 32, opacityScale), [weights, disabled, focus, minWeight, perQuery, opacityScale]);
  // Each head's lines are painted on a canvas of their own, kept while its groups and the view stay the same; the
  // visible canvas is those layers drawn in head order (the same blend as painting every line on it). A head toggle
  // leaves the other heads of its layer alone, so it repaints no line (at 64 tokens × 8 heads rasterising the
  // lines took ~15 ms a toggle).
  const layers = useRef(new Map<number, HeadLayer>());
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (!canvas || !ctx) return; // jsdom and very old browsers: no 2-D context, nothing to paint
    let frame = 0;
    const paint = () => {
      frame = 0;
      const cell = canvas.parentElement;
      // Where the sticky canvas sits inside the full-height band (0 when there is no layout, as in jsdom).
      const top = cell ? canvas.getBoundingClientRect().top - cell.getBoundingClientRect().top : 0;
      const visible = canvas.clientHeight > 0 ? canvas.clientHeight : height;
      const scale = canvasScale(visible, typeof window === 'undefined' ? 1 : window.devicePixelRatio);
      const w = Math.max(1, Math.round(width * scale));
      const h = Math.max(1, Math.round(visible * scale));
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const view = { top, bottom: top + visible, scale, width, y, w, h };
      // Emphasis only changes how the kept layers are drawn: no line is painted again.
      for (const head of drawingOrder(heads, emphasis)) {
        const layer = headLayer(layers.current, canvas.ownerDocument, head, view);
        ctx.globalAlpha = emphasis === null || head.head === emphasis ? 1 : FADED_OPACITY;
        if (layer) ctx.drawImage(layer.canvas, 0, 0);
        else paintGroups(ctx, head.head, head.groups, view); // no canvas for a layer: paint in place
      }
      ctx.globalAlpha = 1;
    };
    const cancel = paintWhenVisible(canvas, paint);
    const scroller = viewport?.current ?? null;
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    scroller?.addEventListener('scroll', schedule, { passive: true });
    // A ResizeObserver reports once as soon as it observes: that first report is the size just painted (or not yet
    // in view), so only later ones repaint. Without this every toggle painted the lines twice, a frame apart.
    let observed = false;
    const resize =
      typeof ResizeObserver === 'undefined' || !scroller
        ? null
        : new ResizeObserver(() => {
            if (observed) schedule();
            observed = true;
          });
    if (resize && scroller) resize.observe(scroller);
    return () => {
      cancel();
      scroller?.removeEventListener('scroll', schedule);
      resize?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [heads, width, height, y, viewport, emphasis]);
  useEffect(() => {
    const canvas = ref.current;
    const kept = layers.current;
    return () => {
      if (canvas) stopWatching(canvas);
      kept.clear();
    };
  }, []);
  return (
    <canvas
      ref={ref}
      className="headview-lines-canvas"
      role="img"
      aria-label={label}
      data-batches={heads.reduce((n, head) => n + head.groups.length, 0)}
      style={{ width, height: `min(${height}px, var(--headview-viewport))` }}
    />
  );
}

/**
 * What the canvas draws: a focused token shows every one of its lines; the full drawing leaves out the faintest and
 * keeps each query's `perQuery` strongest per head. Software rasterising costs about 2 µs a line: all 32,768 lines
 * of 8 heads at 64 tokens took over 100 ms to paint, 4 per query 8 ms.
 */
export function canvasSelection(disabled: ReadonlySet<number>, focus: TokenFocus | null, minWeight: number, perQuery?: number): LineSelection {
  return focus ? { disabled, focus, minWeight: 0 } : { disabled, focus, minWeight, perQuery };
}

/** The band of rows on screen, in the same pixels as the row centres: lines entirely outside it are skipped. */
export interface PaintView {
  readonly top: number;
  readonly bottom: number;
}

/**
 * Strokes one group, leaving out lines outside `view`: style set once per (head, opacity) group, then one short path
 * per line. Skia's software rasteriser slows down sharply on a single path of thousands of crossing segments: with one
 * path per group a head toggle at 64 tokens × 8 heads took ~250 ms to paint, with one path per line ~125 ms
 * (`npm run bench:ui`). Overlapping lines blend, as the SVG lines do.
 */
function strokeGroup(ctx: CanvasRenderingContext2D, head: number, group: LineGroup, width: number, y: (i: number) => number, view: PaintView): void {
  const margin = STROKE_WIDTH;
  const stroke = headStroke(head);
  ctx.strokeStyle = stroke.color;
  ctx.lineWidth = stroke.width; // solid: dashed lines are far too slow to rasterise by the thousand
  ctx.globalAlpha = group.alpha;
  for (let i = 0; i < group.pairs.length; i += 2) {
    const y1 = y(group.pairs[i]);
    const y2 = y(group.pairs[i + 1]);
    if (Math.max(y1, y2) < view.top - margin || Math.min(y1, y2) > view.bottom + margin) continue;
    ctx.beginPath();
    ctx.moveTo(0, y1);
    ctx.lineTo(width, y2);
    ctx.stroke();
  }
}

/** The visible band of the lines and how it maps to canvas pixels: what a kept head layer was painted for. */
export interface LayerView extends PaintView {
  readonly scale: number;
  readonly width: number;
  readonly y: (i: number) => number;
  /** Canvas pixels. */
  readonly w: number;
  readonly h: number;
}

/** One head's lines on a canvas of their own, and what they were painted from. */
interface HeadLayer {
  readonly canvas: HTMLCanvasElement;
  groups: readonly LineGroup[] | null;
  view: LayerView | null;
}

const sameView = (a: LayerView, b: LayerView): boolean =>
  a.top === b.top && a.bottom === b.bottom && a.scale === b.scale && a.width === b.width && a.y === b.y && a.w === b.w && a.h === b.h;

/** Paints a head's groups on `ctx` at the view's transform (the band's top at the canvas's top). */
export function paintGroups(ctx: CanvasRenderingContext2D, head: number, groups: readonly LineGroup[], view: LayerView): void {
  ctx.setTransform(view.scale, 0, 0, view.scale, 0, -view.top * view.scale);
  for (const group of groups) strokeGroup(ctx, head, group, view.width, view.y, view);
  ctx.globalAlpha = 1;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** The head's kept layer, repainted only when its groups or the view changed; null where no canvas can be made. */
function headLayer(layers: Map<number, HeadLayer>, doc: Document, { head, groups }: HeadGroups, view: LayerView): HeadLayer | null {
  let layer = layers.get(head);
  if (!layer) {
    const canvas = doc.createElement('canvas');
    layer = { canvas, groups: null, view: null };
    layers.set(head, layer);
  }
  if (layer.groups === groups && layer.view && sameView(layer.view, view)) return layer;
  const ctx = layer.canvas.getContext('2d');
  if (!ctx) return null;
  if (layer.canvas.width !== view.w || layer.canvas.height !== view.h) {
    layer.canvas.width = view.w;
    layer.canvas.height = view.h;
  } else {
    ctx.clearRect(0, 0, view.w, view.h);
  }
  paintGroups(ctx, head, groups, view);
  layer.groups = groups;
  layer.view = view;
  return layer;
}
