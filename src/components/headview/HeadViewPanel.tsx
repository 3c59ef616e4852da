import { HeadView, type HeadViewProps } from './HeadView';
import { OutputDifference, type OutputDifferenceProps } from './OutputDifference';
import './headview.css';

export interface HeadViewPanelProps {
  /** Layer for both parts, 0-based; default the store's selectedLayer. */
  readonly layer?: number;
  readonly headView?: Omit<HeadViewProps, 'layer'>;
  readonly difference?: Omit<OutputDifferenceProps, 'layer'>;
}

/** The head view with the output difference beside it (below it on narrow screens). */
export function HeadViewPanel({ layer, headView, difference }: HeadViewPanelProps) {
  return (
    <div className="headview-panel">
      <HeadView layer={layer} {...headView} />
      <OutputDifference layer={layer} {...difference} />
    </div>
  );
}
