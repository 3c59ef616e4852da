import type { ReactNode } from 'react';
import { sameHead } from '../../engine';
import { useLab } from '../../state/labStore';

export interface HeadSwitchProps {
  /** 0-based. */
  readonly layer: number;
  /** 0-based. */
  readonly head: number;
  readonly className?: string;
  /** When the visible words are not the whole name (e.g. "Head 2" in a row headed "Layer 1"). */
  readonly ariaLabel?: string;
  /** What the label shows after the checkbox. */
  readonly children: ReactNode;
}

/**
 * One head's switch, bound to the nearest lab store: checked = in the computation; unticking it really ablates the head
 * (store.toggleHead). Every checkbox list of heads outside the head view (which takes plain props) is made of these.
 */
export function HeadSwitch({ layer, head, className, ariaLabel, children }: HeadSwitchProps) {
  const on = useLab((s) => !s.disabledHeads.some((off) => sameHead(off, { layer, head })));
  const toggleHead = useLab((s) => s.toggleHead);
  return (
    <label className={className}>
      <input type="checkbox" aria-label={ariaLabel} checked={on} onChange={() => toggleHead(layer, head)} />
      {children}
    </label>
  );
}
