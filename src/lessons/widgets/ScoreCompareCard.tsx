import { useId, type ReactNode } from 'react';
import { HeatmapThumbnail } from '../../components/heatmap';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { Formula } from '../../components/walkthrough/Formula';
import { useT } from '../../i18n/translate';
import type { ScoreMap, ScoringId } from './ScoreCompareModel';
import './scoring.css';

/** Each score function's formula (constant TeX, never student text). */
export const SCORING_TEX: Record<ScoringId, string> = {
  dot: String.raw`\operatorname{score}(q_t, k_s) = q_t^\top k_s`,
  scaled: String.raw`\operatorname{score}(q_t, k_s) = \frac{q_t^\top k_s}{\sqrt{d}}`,
  general: String.raw`\operatorname{score}(q_t, k_s) = q_t^\top W k_s`,
  additive: String.raw`\operatorname{score}(q_t, k_s) = v^\top \tanh(W_1 q_t + W_2 k_s)`,
  'local-m': String.raw`a_t(s) = \operatorname{softmax}_{|s - t| \le D}\!\left(\frac{q_t^\top k_s}{\sqrt{d}}\right)`,
  'local-p': String.raw`\begin{gathered} p_t = S\,\operatorname{sigmoid}(v_p^\top \tanh(W_p q_t)) \\ a_t(s) = \operatorname{align}(q_t, k_s)\, e^{-(s - p_t)^2 / 2\sigma^2} \end{gathered}`,
  location: String.raw`a_t = \operatorname{softmax}(W_a q_t)`,
};

export interface ScoreCompareCardProps {
  readonly map: ScoreMap;
  readonly name: string;
  readonly note: string;
  readonly selected: boolean;
  readonly onSelect: () => void;
  /** The D slider (local maps) and p_t list (local-p). */
  readonly children?: ReactNode;
}

/** One score function: its name, formula, a one-line note, a thumbnail that opens it below, and how many cells get weight. */
export function ScoreCompareCard({ map, name, note, selected, onSelect, children }: ScoreCompareCardProps) {
  const t = useT();
  const titleId = useId();
  const total = map.weights.rows * map.weights.cols;
  const [low, high] = map.rowSumRange;
  return (
    <section className={`lw-scoring-card${selected ? ' is-selected' : ''}`} aria-labelledby={titleId} data-scoring={map.id}>
      <h4 id={titleId} className="lw-scoring-card__name">
        {name}
      </h4>
      <div className="lw-scoring-card__formula">
        <Formula tex={SCORING_TEX[map.id]} />
      </div>
      <p className="lw-scoring-note">{note}</p>
      <button type="button" className="lw-scoring-card__thumb" aria-pressed={selected} aria-label={t(selected ? 'lw.scoring.compare.showShown' : 'lw.scoring.compare.show', { name })} onClick={onSelect}>
        <HeatmapThumbnail matrix={map.weights} mask={map.mask} size={112} />
        {selected && <span className="lw-scoring-card__shown">{t('lw.scoring.compare.shown')}</span>}
      </button>
      <p className="lw-scoring-note" data-testid={`score-compare-count-${map.id}`}>
        {t('lw.scoring.compare.count', { nonZero: map.nonZero, total })}
      </p>
      {map.id === 'local-p' && (
        <p className="lw-scoring-note" data-testid="score-compare-rowsums">
          {t('lw.scoring.compare.rowSums', { low: formatValue(low, 3), high: formatValue(high, 3) })}
        </p>
      )}
      {children}
    </section>
  );
}
