import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { CellRef } from './heatmapModel';
import type { HeatmapLayout } from './layout';
import { placeTooltip, visibleSpan, type Box, type TooltipPlacement } from './tooltipPlacement';

/** Room kept between the tooltip and the edge of what can be seen. */
const EDGE = 4;

/**
 * The active cell's tooltip, inside the chart. Placed beside the cell first; measured before paint and moved
 * (to the other side, or above / below the cell) so it never runs off the screen or out of a scrolling box,
 * as on a 375 px phone where the chart scrolls sideways.
 */
export function HeatmapTooltip({ layout, cell, children }: { readonly layout: HeatmapLayout; readonly cell: CellRef; readonly children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { q, k } = cell;
  const key = `${q},${k},${layout.width},${layout.height}`;
  const [placed, setPlaced] = useState<{ readonly key: string; readonly at: TooltipPlacement } | null>(null);

  // Measured again whenever the text changes (cell, language, lock), hence `children`; the comparison below stops
  // the second render from starting a third.
  useLayoutEffect(() => {
    const box = cellBox(layout, q, k);
    const el = ref.current;
    const chart = el?.parentElement;
    if (!el || !chart) return;
    const origin = chart.getBoundingClientRect();
    if (origin.width === 0) return; // no layout (jsdom): keep the default place
    const seen = visibleSpan(el);
    const at = placeTooltip({
      cell: box,
      width: el.offsetWidth,
      height: el.offsetHeight,
      visible: { left: seen.left - origin.left + EDGE, right: seen.right - origin.left - EDGE },
      chartHeight: layout.height,
    });
    if (!placed || placed.key !== key || placed.at.left !== at.left || placed.at.top !== at.top || placed.at.centred !== at.centred) setPlaced({ key, at });
  }, [layout, q, k, key, placed, children]);

  const box = cellBox(layout, q, k);
  const at = placed?.key === key ? placed.at : { left: box.right + 10, top: (box.top + box.bottom) / 2, centred: true };
  const style: CSSProperties = { left: at.left, top: at.top, transform: at.centred ? 'translateY(-50%)' : 'none' };
  return (
    <div ref={ref} className="attention-heatmap__tooltip" role="tooltip" style={style}>
      {children}
    </div>
  );
}

/** Cell (q, k) in the chart's pixels. */
function cellBox({ margin, cellWidth: cw, cellHeight: ch }: HeatmapLayout, q: number, k: number): Box {
  return { left: margin.left + k * cw, right: margin.left + (k + 1) * cw, top: margin.top + q * ch, bottom: margin.top + (q + 1) * ch };
}
