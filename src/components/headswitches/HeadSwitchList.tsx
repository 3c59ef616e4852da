import type { ReactNode } from 'react';
import type { HeadId } from '../../engine';
import './headSwitchList.css';

export interface HeadSwitchListProps {
  /** The layers listed, one row each: a count (layers 0 … n − 1) or the 0-based layers themselves (e.g. [selectedLayer]). */
  readonly layers: number | readonly number[];
  /** Heads per layer: a checkbox each. */
  readonly heads: number;
  /** The heads switched off (0-based): their boxes are unticked. */
  readonly off: readonly HeadId[];
  /** The fieldset's legend. */
  readonly legend: ReactNode;
  /** What a head's label shows after its checkbox. */
  readonly label: (layer: number, head: number) => ReactNode;
  /** The checkbox's accessible name when the visible label is not the whole name (e.g. "Head 2" in a row headed "Layer 1"). */
  readonly ariaLabel?: (layer: number, head: number) => string;
  /** A heading at the start of each layer's row (omit for none). */
  readonly layerName?: (layer: number) => ReactNode;
  /** Ticked (on = true) or unticked (on = false) by the student. */
  readonly onToggle: (layer: number, head: number, on: boolean) => void;
  /** Every checkbox disabled (e.g. while a model is being built). */
  readonly disabled?: boolean;
  /** More after a head's label, inside its item (buttons, notes). */
  readonly after?: (layer: number, head: number, off: boolean) => ReactNode;
  /** Extra class names of a head's item (the caller's styling). */
  readonly itemClassName?: (layer: number, head: number, off: boolean) => string | undefined;
  readonly className?: string;
  /** Below the rows: "all on", notes. */
  readonly children?: ReactNode;
}

const layerList = (layers: number | readonly number[]): readonly number[] => (typeof layers === 'number' ? Array.from({ length: Math.max(0, layers) }, (_, i) => i) : layers);

/**
 * The one list of per-head checkboxes (checked = the head is in the computation; unticking it is ablation): the head
 * view's, the embed's heads control, the trained-model lesson's and the playground's. Plain props, no store: the
 * caller says which heads are off and what a toggle does.
 *
 *   <fieldset class="head-switch-list">
 *     <legend/>
 *     <div class="head-switch-list__layer" data-layer>   one per layer
 *       <span class="head-switch-list__layer-name"/>    with layerName
 *       <ul class="head-switch-list__heads">
 *         <li class="head-switch-list__head [--off]" data-off><label><input type=checkbox/>label</label>after</li>
 */
export function HeadSwitchList({ layers, heads, off, legend, label, ariaLabel, layerName, onToggle, disabled = false, after, itemClassName, className, children }: HeadSwitchListProps) {
  const isOff = (layer: number, head: number) => off.some((h) => h.layer === layer && h.head === head);
  return (
    <fieldset className={['head-switch-list', className].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      {layerList(layers).map((layer) => (
        <div key={layer} className="head-switch-list__layer" data-layer={layer}>
          {layerName && <span className="head-switch-list__layer-name">{layerName(layer)}</span>}
          <ul className="head-switch-list__heads">
            {Array.from({ length: heads }, (_, head) => {
              const headOff = isOff(layer, head);
              return (
                <li key={head} className={['head-switch-list__head', headOff ? 'head-switch-list__head--off' : '', itemClassName?.(layer, head, headOff) ?? ''].filter(Boolean).join(' ')} data-off={headOff}>
                  <label>
                    <input type="checkbox" checked={!headOff} disabled={disabled} aria-label={ariaLabel?.(layer, head)} onChange={(e) => onToggle(layer, head, e.currentTarget.checked)} />
                    {label(layer, head)}
                  </label>
                  {after?.(layer, head, headOff)}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {children}
    </fieldset>
  );
}
