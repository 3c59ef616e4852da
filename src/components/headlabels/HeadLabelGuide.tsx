import { HEAD_LABEL_KINDS, HEAD_LABEL_MIN_SCORE, HEAD_LABEL_UNIFORM_FACTOR, type HeadKindScores, type HeadLabelKind, type HeadLabelling } from '../../engine';
import { useT, type Translate } from '../../i18n/translate';
import type { LabHeadLabels } from '../../run/useHeadLabels';
import { formatLabelScore, headLabelText } from './labelText';
import './headlabels.css';

const DEFINITION: Record<HeadLabelKind, 'headLabels.define.previousToken' | 'headLabels.define.firstToken' | 'headLabels.define.sameToken' | 'headLabels.define.induction'> = {
  previousToken: 'headLabels.define.previousToken',
  firstToken: 'headLabels.define.firstToken',
  sameToken: 'headLabels.define.sameToken',
  induction: 'headLabels.define.induction',
};

export interface HeadLabelGuideProps {
  readonly labels: LabHeadLabels;
  /** One head: its four scores beside the definitions (the summary says so). Default: the definitions alone. */
  readonly head?: HeadLabelling;
}

/**
 * What the labels mean, one click away: a <details> with one sentence per kind (and the head's score for each, when
 * `head` is given), then the rule — the even spread's scores on this text and the bar each kind must clear.
 */
export function HeadLabelGuide({ labels, head }: HeadLabelGuideProps) {
  const t = useT();
  const { probe } = labels;
  const note = (kind: HeadLabelKind): string | null => {
    if (kind === 'sameToken' && labels.uniform.sameToken === null) return t('headLabels.noRepeat');
    if (kind === 'induction' && probe.status === 'measuring') return t('headLabels.measuring');
    if (kind === 'induction' && probe.status === 'unavailable') return t('headLabels.unavailable');
    return null;
  };
  return (
    <details className="head-labels-guide">
      <summary>{t(head ? 'headLabels.summaryHead' : 'headLabels.summary')}</summary>
      <dl className="head-labels-guide__list">
        {HEAD_LABEL_KINDS.map((kind) => {
          const score = head?.scores[kind];
          const extra = note(kind);
          return (
            <div key={kind} className={head?.label?.kind === kind ? 'head-labels-guide__item head-labels-guide__item--label' : 'head-labels-guide__item'}>
              <dt>{head ? headLabelText(t, kind, score ?? null) : t(`headLabels.kind.${kind}`)}</dt>
              <dd>
                {t(DEFINITION[kind])}
                {extra && ` ${extra}`}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="head-labels-guide__rule">
        {t('headLabels.rule', {
          uniform: scoreList(t, labels.uniform),
          positions: labels.positions,
          factor: HEAD_LABEL_UNIFORM_FACTOR,
          min: HEAD_LABEL_MIN_SCORE,
          thresholds: scoreList(t, labels.thresholds),
        })}
      </p>
    </details>
  );
}

/** "previous token 0.13; first token 0.13; …", leaving out the kinds without a number. */
function scoreList(t: Translate, scores: HeadKindScores): string {
  return HEAD_LABEL_KINDS.filter((kind) => scores[kind] !== null)
    .map((kind) => t('headLabels.label', { kind: t(`headLabels.kind.${kind}`), score: formatLabelScore(scores[kind] as number) }))
    .join(t('headLabels.separator'));
}
