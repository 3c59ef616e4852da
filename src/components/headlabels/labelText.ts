import type { HeadLabel, HeadLabelKind } from '../../engine';
import type { Translate } from '../../i18n/translate';

/** A score as the labels show it: two decimals ("0.92"); never "NaN" (a non-finite number, which no score is, reads "–"). */
export function formatLabelScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(2) : '–';
}

/** "previous token 0.92" (zh "前一词元 0.92"); a kind without a score reads "same token n/a". */
export function headLabelText(t: Translate, kind: HeadLabelKind, score: number | null): string {
  return t('headLabels.label', { kind: t(`headLabels.kind.${kind}`), score: score === null ? t('headLabels.notAvailable') : formatLabelScore(score) });
}

/** A head's label as text, or null for a head without one. */
export function labelText(t: Translate, label: HeadLabel | null): string | null {
  return label ? headLabelText(t, label.kind, label.score) : null;
}

/** "Layer 1, head 3 · previous token 0.92": a head's name with its label, or the name alone. */
export function namedWithLabel(t: Translate, name: string, label: HeadLabel | null): string {
  const text = labelText(t, label);
  return text === null ? name : t('headLabels.named', { name, label: text });
}
