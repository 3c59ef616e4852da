import { useId } from 'react';
import { useT } from '../../i18n/translate';
import { formatProbability } from './formatProbability';
import type { ShownPrediction } from './NextTokenPredictions';
import { TokenName } from './TokenName';

export interface BeforeListProps {
  /** The baseline's top tokens (every head on, default mask), most probable first. */
  readonly before: readonly ShownPrediction[];
  readonly label: (id: number) => string;
  /** Each token's probability now; given, every entry reads "before → now". */
  readonly probabilityAfter?: (id: number) => number;
}

/** The baseline's top tokens, compact, so the student sees what used to lead. */
export function BeforeList({ before, label, probabilityAfter }: BeforeListProps) {
  const t = useT();
  const captionId = useId();
  return (
    <div className="predictions__before">
      <p id={captionId} className="predictions__caption">
        {t('predictions.beforeList', { count: before.length })}
      </p>
      <ol className="predictions__before-list" aria-labelledby={captionId}>
        {before.map((p) => (
          <li key={p.id} className="predictions__before-item">
            <TokenName label={label(p.id)} />{' '}
            <span className="predictions__value">
              {formatProbability(p.probability)}
              {probabilityAfter && ` → ${formatProbability(probabilityAfter(p.id))}`}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
