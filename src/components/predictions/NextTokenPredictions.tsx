import { useId } from 'react';
import type { NextTokenPrediction } from '../../engine';
import { useT } from '../../i18n/translate';
import { LabeledSelect } from '../controls/LabeledSelect';
import { BeforeList } from './BeforeList';
import { PredictionRow } from './PredictionRow';
import { shownToken } from './tokenText';
import { useTokenText } from './TokenName';
import './predictions.css';

/** What a row needs of a prediction (topPredictions' results fit). */
export type ShownPrediction = Pick<NextTokenPrediction, 'id' | 'probability'>;

export interface NextTokenPredictionsProps {
  /** The top tokens now, most probable first (topPredictions(run.logits, position, 5)). */
  readonly after: readonly ShownPrediction[];
  /** The baseline's top tokens (every head on, default mask); null when nothing is changed, and no comparison shows. */
  readonly before: readonly ShownPrediction[] | null;
  /** Any token's baseline probability at this position, for "before → after" on each row. Default: looked up in `before` ("–" if absent). */
  readonly probabilityBefore?: (id: number) => number;
  /** Any token's probability now, for "before → now" in the baseline's list. Default: the baseline list shows only before. */
  readonly probabilityAfter?: (id: number) => number;
  /** Names an id: CausalLmModel.tokenLabel. */
  readonly label: (id: number) => string;
  /** The token at the query position, e.g. " cat" (run.tokens[position].text). */
  readonly contextLabel: string;
  /** The query position, 0-based (shown 1-based). */
  readonly position: number;
  /** How many positions there are. */
  readonly positions: number;
  /** Given, a position picker shows and calls it with the chosen 0-based position. */
  readonly onPositionChange?: (position: number) => void;
  /** Each position's token, for the picker's options ("5: "␣cat""); default: numbers only. */
  readonly positionLabels?: readonly string[];
  /** What differs from the baseline, in the reader's language, e.g. "L2 H1 off". */
  readonly changeSummary?: string | null;
}

/**
 * The language model's most likely next tokens at one position, as bars and percentages; with a baseline, each row
 * reads "before → after" and a sentence says whether the top prediction changed. Props only: the app wires the run.
 */
export function NextTokenPredictions(props: NextTokenPredictionsProps) {
  const { after, before, probabilityBefore, probabilityAfter, label, contextLabel, position, positions, onPositionChange, positionLabels, changeSummary } = props;
  const t = useT();
  const tokenText = useTokenText();
  const titleId = useId();
  const captionId = useId();

  const beforeOf = (id: number): number => probabilityBefore?.(id) ?? before?.find((p) => p.id === id)?.probability ?? Number.NaN;
  const topBefore = before?.[0];
  const topAfter = after[0];
  const shownLabels = [...after, ...(before ?? [])].map((p) => label(p.id));
  const anyWhitespace = [contextLabel, ...shownLabels].some((l) => {
    const shown = shownToken(l);
    return shown.kind === 'text' && shown.whitespace;
  });

  return (
    <section className="predictions" aria-labelledby={titleId}>
      <div className="predictions__header">
        <h3 id={titleId} className="predictions__title">
          {t('predictions.title')}
        </h3>
        {onPositionChange && positions > 0 && (
          <LabeledSelect
            className="predictions__picker"
            label={t('predictions.position')}
            value={position}
            options={Array.from({ length: positions }, (_, i) => i)}
            optionLabel={(i) => (positionLabels?.[i] === undefined ? String(i + 1) : t('predictions.positionOption', { n: i + 1, token: tokenText(positionLabels[i]) }))}
            onChange={(value) => onPositionChange(Number(value))}
          />
        )}
      </div>
      <p id={captionId} className="predictions__caption">
        {t('predictions.context', { token: tokenText(contextLabel), n: position + 1, total: positions })}
      </p>
      {before && (
        <p className="predictions__note">{changeSummary ? t('predictions.compared', { change: changeSummary }) : t('predictions.comparedPlain')}</p>
      )}
      {after.length === 0 ? (
        <p className="predictions__note">{t('predictions.empty')}</p>
      ) : (
        <ol className="predictions__list" aria-labelledby={captionId}>
          {after.map((p, i) => (
            <PredictionRow key={p.id} rank={i + 1} label={label(p.id)} probability={p.probability} before={before ? beforeOf(p.id) : undefined} />
          ))}
        </ol>
      )}
      {topBefore && topAfter && (
        <p className={`predictions__top${topBefore.id === topAfter.id ? '' : ' predictions__top--changed'}`} aria-live="polite">
          {topBefore.id === topAfter.id
            ? t('predictions.topSame', { token: tokenText(label(topAfter.id)) })
            : t('predictions.topChanged', { before: tokenText(label(topBefore.id)), after: tokenText(label(topAfter.id)) })}
        </p>
      )}
      {before && before.length > 0 && <BeforeList before={before} label={label} probabilityAfter={probabilityAfter} />}
      {anyWhitespace && <p className="predictions__note">{t('predictions.whitespace')}</p>}
    </section>
  );
}
