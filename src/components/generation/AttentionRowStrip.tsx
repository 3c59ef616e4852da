import { readableTextColour } from '../heatmap';
import { weightColor } from '../heatmap/palettes';
import { chipText, formatPercent } from './generationFormat';

const color = weightColor('viridis');

interface AttentionRowStripProps {
  /** One label per key (the tokens attended to). */
  readonly labels: readonly string[];
  /** One weight per key, each in [0, 1]. */
  readonly weights: ArrayLike<number>;
  /** The accessible name of the strip (it scrolls inside its own box on a narrow screen). */
  readonly label: string;
}

/**
 * One query's attention row as a strip of cells, one per key: the token above its weight in per cent, coloured by
 * the weight on the lab's palette (viridis: dark is little, yellow is much). A list, so a screen reader reads
 * "token, percentage" in order.
 */
export function AttentionRowStrip({ labels, weights, label }: AttentionRowStripProps) {
  return (
    <div className="lw-gen-strip" role="region" tabIndex={0} aria-label={label}>
      <ol className="lw-gen-strip__cells">
        {labels.map((token, j) => {
          const w = weights[j] ?? 0;
          const background = color(w);
          return (
            // Text colour by WCAG contrast, as the walkthrough's cells: a weight threshold put white on mid teal (3.6:1).
            <li key={j} className="lw-gen-strip__cell" style={{ backgroundColor: background, color: readableTextColour(background) }} data-weight={w}>
              <span className="lw-gen-strip__token">{chipText(token)}</span>
              <span className="lw-gen-strip__value">{formatPercent(w)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
