import { useMemo, useState } from 'react';
import { HEAD_LABEL_KINDS, type HeadLabelKind, type HeadLabelling } from '../../engine';
import { useT } from '../../i18n/translate';
import type { LabResult } from '../../run/computeLab';
import { useHeadLabels } from '../../run/useHeadLabels';
import { useLabFields } from '../../state/useLabFields';
import { formatLabelScore, labelText } from './labelText';

/**
 * The lab offers the table for models of more heads than this (GPT-2's 144), whose grid no longer shows every label
 * at a glance; the trained model's 8 are read off the grid (and its toggles stay a few ms faster without the table).
 */
export const FIND_HEADS_FROM = 16;

/** How many heads the table lists before "Show all" (GPT-2 small has 144). */
export const FIND_HEADS_SHOWN = 12;

/** Scores high first; a head without a score of that kind last. */
function byScore(kind: HeadLabelKind): (a: HeadLabelling, b: HeadLabelling) => number {
  return (a, b) => (b.scores[kind] ?? Number.NEGATIVE_INFINITY) - (a.scores[kind] ?? Number.NEGATIVE_INFINITY) || a.layer - b.layer || a.head - b.head;
}

/**
 * "Find heads": every head of a language model's run in one table, sorted by the score a student picks (previous
 * token, first token, same token, induction), so the heads a course names can be found among GPT-2's 144. A row's
 * button selects that head in the lab's views. Folded until opened: closed, it draws nothing on each run (a toggle
 * of the trained model paints ~10 ms sooner without it).
 */
export function FindHeadsTable({ result }: { readonly result: LabResult }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details className="find-heads-fold" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="find-heads-fold__summary">{t('findHeads.title')}</summary>
      {open && <FindHeadsBody result={result} />}
    </details>
  );
}

function FindHeadsBody({ result }: { readonly result: LabResult }) {
  const t = useT();
  const labels = useHeadLabels(result);
  const { set } = useLabFields('set');
  const [kind, setKind] = useState<HeadLabelKind>('induction');
  const [all, setAll] = useState(false);
  const rows = useMemo(() => (labels ? labels.heads.flat().sort(byScore(kind)) : []), [labels, kind]);
  if (!labels || rows.length === 0) return null;
  const shown = all ? rows : rows.slice(0, FIND_HEADS_SHOWN);
  const kindName = (k: HeadLabelKind) => t(`headLabels.kind.${k}`);
  return (
    <section className="find-heads" aria-label={t('findHeads.title')}>
      <p className="hint">{t('findHeads.hint', { heads: rows.length })}</p>
      {kind === 'induction' && labels.probe.status === 'measuring' && <p className="hint" role="status">{t('headLabels.measuring')}</p>}
      <div className="find-heads__scroll">
        <table className="find-heads__table">
          <thead>
            <tr>
              <th scope="col">{t('findHeads.head')}</th>
              {HEAD_LABEL_KINDS.map((k) => (
                <th key={k} scope="col" aria-sort={k === kind ? 'descending' : 'none'}>
                  <button type="button" className="find-heads__sort" aria-pressed={k === kind} onClick={() => setKind(k)}>
                    {kindName(k)}
                    {k === kind ? ' ↓' : ''}
                  </button>
                </th>
              ))}
              <th scope="col">{t('findHeads.label')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((head) => (
              <tr key={`${head.layer}-${head.head}`}>
                <th scope="row">
                  <button type="button" className="find-heads__select" onClick={() => set({ selectedLayer: head.layer, selectedHead: head.head })}>
                    {t('findHeads.name', { layer: head.layer + 1, head: head.head + 1 })}
                  </button>
                </th>
                {HEAD_LABEL_KINDS.map((k) => {
                  const score = head.scores[k];
                  return (
                    <td key={k} className={k === kind ? 'find-heads__sorted' : undefined}>
                      {score === null ? t('headLabels.notAvailable') : formatLabelScore(score)}
                    </td>
                  );
                })}
                <td>{labelText(t, head.label) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > FIND_HEADS_SHOWN && (
        <button type="button" className="secondary" onClick={() => setAll(!all)}>
          {all ? t('findHeads.showFewer', { n: FIND_HEADS_SHOWN }) : t('findHeads.showAll', { n: rows.length })}
        </button>
      )}
    </section>
  );
}
