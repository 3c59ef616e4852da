import { useId, useState } from 'react';
import { AttentionHeatmap } from '../../components/heatmap';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { ExperimentStatus } from '../../components/walkthrough/Experiments';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { latestValue, useExperiment } from '../../run/experiments';
import { useLabFields } from '../../state/useLabFields';
import { useLabComputation } from '../../run/useLabComputation';
import type { WidgetProps } from '../types';
import { ScoreCompareCard } from './ScoreCompareCard';
import { clampHalfWidth, isScoringId, SCORING_IDS, type ScoringId } from './ScoreCompareModel';
import './scoring.css';

const DETAIL_SIZE = 300;
// The p_t list starts open for short sentences; a long one would push the maps off the screen.
const OPEN_CENTRES_UP_TO = 16;

/**
 * The student's sentence (lab store) scored seven ways from the same queries and keys (layer 1, the selected head
 * of the lab's model): dot, scaled dot, general, additive, local-m, local-p and location-based weight maps side by
 * side, each with its formula and a note; a thumbnail opens that map below in full. D sliders for the two local
 * maps; p_t per query for local-p. The extra weights (W, W₁, W₂, v, W_p, v_p, W_a) are seeded random, untrained.
 * Config: `d` (local-m's starting D, default 1), `dp` (local-p's, default 2), `focus` (a score id shown in detail,
 * default 'local-m').
 */
export function ScoreCompare({ config }: WidgetProps) {
  const t = useT();
  const uid = useId();
  const result = useLabComputation();
  const { seed, selectedHead, set } = useLabFields('seed', 'selectedHead', 'set');
  const [localM, setLocalM] = useState(() => clampHalfWidth(config?.d, 0, 64, 1));
  const [localP, setLocalP] = useState(() => clampHalfWidth(config?.dp, 1, 64, 2));
  const [focus, setFocus] = useState<ScoringId>(() => (isScoringId(config?.focus) ? config.focus : 'local-m'));

  const attention = result.ok ? result.layers[0].attention : null;
  const numHeads = attention?.heads.length ?? 1;
  const head = typeof selectedHead === 'number' && selectedHead >= 0 && selectedHead < numHeads ? selectedHead : 0;
  const L = result.ok ? result.tokens.length : 1;
  // The sliders' ranges follow the sentence: beyond L − 1 (local-m) or L (local-p) a wider window changes nothing.
  const dM = clampHalfWidth(localM, 0, L - 1, 1);
  const dP = clampHalfWidth(localP, 1, L, 2);
  const d = attention ? attention.q.cols / numHeads : 0;
  // Seven score maps of one head (src/run/experiments, 'score-maps': after the first paint; a slider keeps the last maps, marked busy).
  const mapsState = useExperiment('score-maps', attention ? { q: attention.q, k: attention.k, head, headDim: d, seed, localM: dM, localP: dP } : null);
  const last = latestValue(mapsState);
  // The last maps stay only while they fit the sentence (a new token count redraws from "Computing…").
  const maps = last && last.dot.weights.rows === L ? last : null;

  if (!result.ok) {
    return (
      <p className="lw-scoring-message" role="status">
        {engineErrorMessage(t, result.error)}
      </p>
    );
  }
  if (!maps) return <ExperimentStatus state={mapsState} className="lw-scoring-message" />;
  const tokens = result.tokens.map((tk) => tk.text);
  const name = (id: ScoringId) => t(`lw.scoring.compare.name.${id}`);
  const note = (id: ScoringId) => t(`lw.scoring.compare.note.${id}`, { head: head + 1, n: L });
  const shown = maps[focus];
  const windowed = focus === 'local-m' || focus === 'local-p';
  const detailTitle = windowed
    ? t('lw.scoring.compare.detailWindow', { name: name(focus), d: focus === 'local-m' ? dM : dP })
    : t('lw.scoring.compare.detail', { name: name(focus) });

  return (
    <div className="lw-scoring-compare" aria-busy={mapsState.status === 'pending'}>
      <div className="lw-scoring-row">
        <label htmlFor={`${uid}-head`}>{t('lw.scoring.head')}</label>
        <select id={`${uid}-head`} value={head} onChange={(e) => set({ selectedHead: Number(e.target.value) })}>
          {Array.from({ length: numHeads }, (_, h) => (
            <option key={h} value={h}>
              {t('lw.scoring.headOption', { n: h + 1, total: numHeads })}
            </option>
          ))}
        </select>
      </div>
      <p className="lw-scoring-note" data-testid="score-compare-setup">
        {t('lw.scoring.compare.setup', { n: L, d, head: head + 1 })}
      </p>
      <p className="lw-scoring-caution">{t('lw.scoring.compare.random', { seed })}</p>
      <div className="lw-scoring-cards" role="group" aria-label={t('lw.scoring.compare.maps')}>
        {SCORING_IDS.map((id) => (
          <ScoreCompareCard key={id} map={maps[id]} name={name(id)} note={note(id)} selected={focus === id} onSelect={() => setFocus(id)}>
            {id === 'local-m' && (
              <div className="lw-scoring-slider">
                <label htmlFor={`${uid}-dm`}>{t('lw.scoring.compare.dLocalM')}</label>
                <input id={`${uid}-dm`} type="range" min={0} max={Math.max(0, L - 1)} step={1} value={dM} onChange={(e) => setLocalM(Number(e.target.value))} />
                <output htmlFor={`${uid}-dm`}>{t('lw.scoring.compare.dValue', { d: dM })}</output>
              </div>
            )}
            {id === 'local-p' && (
              <>
                <div className="lw-scoring-slider">
                  <label htmlFor={`${uid}-dp`}>{t('lw.scoring.compare.dLocalP')}</label>
                  <input id={`${uid}-dp`} type="range" min={1} max={Math.max(1, L)} step={1} value={dP} onChange={(e) => setLocalP(Number(e.target.value))} />
                  <output htmlFor={`${uid}-dp`}>{t('lw.scoring.compare.dValueSigma', { d: dP, sigma: formatValue(dP / 2, 1) })}</output>
                </div>
                <details className="lw-scoring-centres" open={L <= OPEN_CENTRES_UP_TO}>
                  <summary>{t('lw.scoring.compare.centres')}</summary>
                  {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
                  <div className="lw-scoring-centres__list" role="region" tabIndex={0} aria-label={t('lw.scoring.compare.centres')}>
                    <ul data-testid="score-compare-centres">
                      {(maps['local-p'].centres ?? []).map((p, i) => (
                        <li key={i}>{t('lw.scoring.compare.centre', { n: i + 1, token: tokens[i], p: formatValue(p, 2) })}</li>
                      ))}
                    </ul>
                  </div>
                </details>
              </>
            )}
          </ScoreCompareCard>
        ))}
      </div>
      <div className="lw-scoring-scroll" data-testid="score-compare-detail" data-scoring={focus}>
        <AttentionHeatmap matrix={shown.weights} queryTokens={tokens} mask={shown.mask} title={detailTitle} size={DETAIL_SIZE} />
      </div>
    </div>
  );
}
