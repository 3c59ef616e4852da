import { barWidth, formatProbability } from './formatProbability';
import { TokenName } from './TokenName';

export interface PredictionRowProps {
  /** 1-based rank, shown first. */
  readonly rank: number;
  /** The token's label (CausalLmModel.tokenLabel). */
  readonly label: string;
  readonly probability: number;
  /** The same token's probability before the change; given, the row reads "before → after" (NaN: unknown, "–"). */
  readonly before?: number;
}

/** One candidate: rank, token, a bar as long as its probability (a tick where it was before), and the percentage. */
export function PredictionRow({ rank, label, probability, before }: PredictionRowProps) {
  const compared = before !== undefined;
  return (
    <li className="predictions__row">
      <span className="predictions__rank">{rank}</span>
      <TokenName label={label} />
      <span className="predictions__bar" aria-hidden="true">
        <span className="predictions__fill" style={{ width: barWidth(probability) }} />
        {compared && Number.isFinite(before) && <span className="predictions__was" style={{ left: barWidth(before) }} />}
      </span>
      <span className="predictions__value">
        {compared ? `${formatProbability(before)} → ${formatProbability(probability)}` : formatProbability(probability)}
      </span>
    </li>
  );
}
