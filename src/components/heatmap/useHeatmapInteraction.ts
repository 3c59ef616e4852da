import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { cellFromPoint, clampCell, moveCell, sameCell, type CellRef, type PlotGeometry } from './heatmapModel';

export interface HeatmapInteractionOptions {
  readonly geometry: PlotGeometry;
  /** Where the cell area starts inside the element that receives the events. */
  readonly origin: { readonly left: number; readonly top: number };
  /** Custom-mask editing: click / Enter / Space call this instead of locking. */
  readonly onCellActivate?: (q: number, k: number) => void;
  /** Says something in the live region. kind tells what happened to the cell. */
  readonly announce: (cell: CellRef, kind: 'focus' | 'locked' | 'activated') => void;
  readonly announceUnlocked: () => void;
}

export interface HeatmapInteraction {
  /** The cell highlighted now: the locked one, else the hovered one, else the keyboard-focused one while focused. */
  readonly active: CellRef | null;
  readonly locked: CellRef | null;
  readonly focus: CellRef | null;
  readonly hasFocus: boolean;
  readonly handlers: {
    readonly onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    readonly onPointerLeave: () => void;
    readonly onClick: (e: MouseEvent<HTMLElement>) => void;
    readonly onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
    readonly onFocus: (e: FocusEvent<HTMLElement>) => void;
    readonly onBlur: (e: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * Hover, click-to-lock (click the locked cell again or press Escape to unlock, as CircuitsVis's useHoverLock) and
 * keyboard focus for one heatmap. The cell under the pointer comes from the SVG rect's data-q / data-k when there
 * is one, else from the pointer position (the canvas path has no per-cell DOM).
 */
export function useHeatmapInteraction({ geometry, origin, onCellActivate, announce, announceUnlocked }: HeatmapInteractionOptions): HeatmapInteraction {
  const { rows, cols } = geometry;
  const [hover, setHover] = useState<CellRef | null>(null);
  const [lockedRaw, setLocked] = useState<CellRef | null>(null);
  const [focusRaw, setFocus] = useState<CellRef>({ q: 0, k: 0 });
  const [hasFocus, setHasFocus] = useState(false);

  // The matrix can shrink under us (fewer tokens): keep every remembered cell inside it.
  const inside = (c: CellRef | null) => (c !== null && c.q < rows && c.k < cols ? c : null);
  const locked = inside(lockedRaw);
  const hovered = inside(hover);
  const focus = clampCell(focusRaw, rows, cols);

  const cellOf = (e: MouseEvent<HTMLElement> | PointerEvent<HTMLElement>): CellRef | null => {
    const target = e.target instanceof Element ? e.target.closest('[data-q][data-k]') : null;
    if (target instanceof SVGElement || target instanceof HTMLElement) {
      const q = Number(target.dataset.q);
      const k = Number(target.dataset.k);
      if (Number.isInteger(q) && Number.isInteger(k)) return inside({ q, k });
    }
    const box = e.currentTarget.getBoundingClientRect();
    return cellFromPoint(e.clientX - box.left - origin.left, e.clientY - box.top - origin.top, geometry);
  };

  const toggleLock = (cell: CellRef) => {
    if (sameCell(locked, cell)) {
      setLocked(null);
      announceUnlocked();
    } else {
      setLocked(cell);
      announce(cell, 'locked');
    }
  };

  const activate = (cell: CellRef) => {
    if (onCellActivate) {
      onCellActivate(cell.q, cell.k);
      announce(cell, 'activated');
    } else toggleLock(cell);
  };

  const handlers: HeatmapInteraction['handlers'] = {
    onPointerMove: (e) => {
      const cell = cellOf(e);
      if (!sameCell(cell, hovered) && !(cell === null && hovered === null)) setHover(cell);
    },
    onPointerLeave: () => setHover(null),
    onClick: (e) => {
      const cell = cellOf(e);
      if (!cell) return;
      setFocus(cell);
      activate(cell);
    },
    onKeyDown: (e) => {
      if (!focus) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        activate(focus);
        return;
      }
      if (e.key === 'Escape') {
        if (locked) {
          e.preventDefault();
          setLocked(null);
          announceUnlocked();
        }
        return;
      }
      const next = moveCell(focus, e.key, rows, cols, e.ctrlKey || e.metaKey);
      if (!next) return;
      e.preventDefault();
      setFocus(next);
      setHover(null);
      announce(next, 'focus');
    },
    onFocus: (e) => {
      if (e.target !== e.currentTarget) return;
      setHasFocus(true);
      if (focus) announce(focus, 'focus');
    },
    onBlur: (e) => {
      if (e.target === e.currentTarget) setHasFocus(false);
    },
  };

  return { active: locked ?? hovered ?? (hasFocus ? focus : null), locked, focus, hasFocus, handlers };
}
