// Where a cell's tooltip goes so that it stays on screen: beside the cell when there is room on either side, else
// above or below it, always inside the part of the chart that can be seen. Pure, in the chart's own pixels.

export interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** A horizontal stretch, [left, right]. */
export interface Span {
  readonly left: number;
  readonly right: number;
}

export interface TooltipPlacementInput {
  /** The cell, in chart pixels. */
  readonly cell: Box;
  /** The tooltip's rendered size. */
  readonly width: number;
  readonly height: number;
  /** The part of the chart that is visible (not scrolled away, not off screen), in chart pixels. */
  readonly visible: Span;
  /** The chart's height: cells in its lower half get the tooltip above them, the others below. */
  readonly chartHeight: number;
  /** Space between the cell and the tooltip (default 10). */
  readonly gap?: number;
}

export interface TooltipPlacement {
  readonly left: number;
  /** With `centred`, the tooltip's vertical centre; else its top edge. */
  readonly top: number;
  readonly centred: boolean;
}

/** Right of the cell, else left of it, else above or below it moved sideways into the visible span. */
export function placeTooltip({ cell, width, height, visible, chartHeight, gap = 10 }: TooltipPlacementInput): TooltipPlacement {
  const middle = (cell.top + cell.bottom) / 2;
  const rightOf = cell.right + gap;
  if (rightOf + width <= visible.right) return { left: rightOf, top: middle, centred: true };
  const leftOf = cell.left - gap - width;
  if (leftOf >= visible.left) return { left: leftOf, top: middle, centred: true };
  const centre = (cell.left + cell.right) / 2 - width / 2;
  // A tooltip wider than the visible span starts at its left edge (its text is what a reader starts from).
  const left = Math.max(visible.left, Math.min(centre, visible.right - width));
  const above = middle > chartHeight / 2;
  return { left, top: above ? cell.top - gap - height : cell.bottom + gap, centred: false };
}

/** The span of `el` (in viewport pixels) that neither the window edge nor a clipping ancestor hides. */
export function visibleSpan(el: Element): Span {
  let left = 0;
  let right = el.ownerDocument.documentElement.clientWidth;
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node === el.ownerDocument.documentElement || node === el.ownerDocument.body) continue;
    if (getComputedStyle(node).overflowX === 'visible') continue;
    const start = node.getBoundingClientRect().left + node.clientLeft;
    left = Math.max(left, start);
    right = Math.min(right, start + node.clientWidth);
  }
  return { left, right };
}
