import { useMemo } from 'react';
import { HeatmapThumbnail } from '../../components/heatmap';
import { SelectedHeadPanel } from '../../components/selectedhead';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';
import { useLabComputation } from '../../run/useLabComputation';
import { hasTargets, PATTERN_IDS, patternTemplate, rankHeads, type HeadMatch } from './patterns';
import './model.css';

/** A sentence whose second half repeats the first, so the induction template has targets. */
export const REPEAT_SENTENCE = 'the cat sat . the cat sat .';
const THUMB = 88;

const pct = (score: number) => `${Math.round(score * 100)}%`;

/**
 * Typical head patterns (previous token, same token, first token, uniform, induction) as templates built for the
 * lab's tokens, each next to the model head (any layer) that overlaps it most, with a button selecting that head.
 * Config: none.
 */
export function PatternFinder() {
  const t = useT();
  const lab = useLabComputation();
  const { selectedLayer, selectedHead, set } = useLabFields('selectedLayer', 'selectedHead', 'set');
  const found = useMemo(() => {
    if (!lab.ok) return null;
    const tokens = lab.tokens.map((tk) => tk.text);
    const heads = lab.layers.map((l) => l.attention.heads.map((h) => h.weights));
    return PATTERN_IDS.map((id) => {
      const template = patternTemplate(id, tokens);
      return { id, template, ranked: hasTargets(template) ? rankHeads(template, heads) : [] };
    });
  }, [lab]);

  if (!lab.ok || !found) return <p className="lw-model-message">{lab.ok ? t('walkthrough.empty') : engineErrorMessage(t, lab.error)}</p>;
  const headName = (m: HeadMatch) => t('lw.model.patterns.headName', { layer: m.layer + 1, head: m.head + 1 });
  const isSelected = (m: HeadMatch) => selectedLayer === m.layer && selectedHead === m.head;

  return (
    <div className="lw-model-patterns">
      <p className="lw-model-callout">{t('lw.model.patterns.honest')}</p>
      <div className="lw-model-row">
        <button type="button" onClick={() => set({ text: REPEAT_SENTENCE, maskMode: 'none' })}>
          {t('lw.model.patterns.useRepeats', { text: REPEAT_SENTENCE })}
        </button>
      </div>
      <ul className="lw-model-pattern-list">
        {found.map(({ id, template, ranked }) => {
          const best = ranked[0];
          return (
            <li key={id} className="lw-model-pattern" data-pattern={id}>
              <h3 className="lw-model-pattern__title">{t(`lw.model.patterns.${id}`)}</h3>
              <p className="lw-model-pattern__what">{t(`lw.model.patterns.${id}.what`)}</p>
              <div className="lw-model-pattern__pair">
                <figure className="lw-model-thumb">
                  <HeatmapThumbnail matrix={template} size={THUMB} />
                  <figcaption>{t('lw.model.patterns.template')}</figcaption>
                </figure>
                {best ? (
                  <figure className="lw-model-thumb">
                    <HeatmapThumbnail matrix={lab.layers[best.layer].attention.heads[best.head].weights} size={THUMB} />
                    <figcaption>{headName(best)}</figcaption>
                  </figure>
                ) : null}
              </div>
              {best ? (
                <>
                  <p className="lw-model-pattern__score" data-testid={`lw-pattern-score-${id}`}>
                    {t('lw.model.patterns.best', { head: headName(best), score: pct(best.score) })}
                  </p>
                  <button type="button" aria-pressed={isSelected(best)} onClick={() => set({ selectedLayer: best.layer, selectedHead: best.head })}>
                    {isSelected(best) ? t('lw.model.patterns.selected', { head: headName(best) }) : t('lw.model.patterns.select', { head: headName(best) })}
                  </button>
                </>
              ) : (
                <p className="lw-model-message">{id === 'induction' ? t('lw.model.patterns.noRepeat') : t('lw.model.patterns.noRows')}</p>
              )}
            </li>
          );
        })}
      </ul>
      <p className="lw-model-note">{t('lw.model.patterns.scoreNote')}</p>
      <details className="lw-model-details">
        <summary>{t('lw.model.patterns.allHeads')}</summary>
        <div className="lw-model-scroll">
          <table className="lw-model-table">
            <thead>
              <tr>
                <th scope="col">{t('lw.model.patterns.head')}</th>
                {found.map(({ id }) => (
                  <th key={id} scope="col">
                    {t(`lw.model.patterns.${id}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lab.layers.flatMap((l, layer) =>
                l.attention.heads.map((_, head) => (
                  <tr key={`${layer}-${head}`}>
                    <th scope="row">{headName({ layer, head, score: 0 })}</th>
                    {found.map(({ id, ranked }) => {
                      const m = ranked.find((r) => r.layer === layer && r.head === head);
                      return (
                        <td key={id} className="lw-model-num">
                          {m ? pct(m.score) : '—'}
                        </td>
                      );
                    })}
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      </details>
      <SelectedHeadPanel size={300} />
    </div>
  );
}
