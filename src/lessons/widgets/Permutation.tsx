import { useMemo, useState } from 'react';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { ExperimentStatus } from '../../components/walkthrough/Experiments';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';
import { seededPermutation, useExperiment } from '../../run/experiments';
import { useLabComputation } from '../../run/useLabComputation';
import './model.css';

/** Longer sentences are cut here: two extra runs of the model per shuffle stay quick. */
export const PERMUTATION_MAX_TOKENS = 48;
/** Output features printed per row. */
const SHOWN_FEATURES = 4;
/** Rows printed in the table. */
const SHOWN_ROWS = 12;
/** Below this the two results are equal up to float32 rounding. */
const EQUAL_BELOW = 1e-4;

/**
 * Permutation equivariance on the lab's own sentence and model: the same layers read the tokens in their order
 * and in a seeded shuffled order; output(shuffled) is compared with shuffle(output). Positional encoding is the
 * lab's setting (its checkbox here writes the lab store). No mask. Config: none.
 */
export function Permutation() {
  const t = useT();
  const lab = useLabComputation();
  const { embedDim, numLayers, seed, positionalEncoding, set } = useLabFields('embedDim', 'numLayers', 'seed', 'positionalEncoding', 'set');
  const [shuffles, setShuffles] = useState(0);
  const tokens = useMemo(() => (lab.ok ? lab.tokens.slice(0, PERMUTATION_MAX_TOKENS).map((tk) => tk.text) : []), [lab]);
  const perm = useMemo(() => (shuffles === 0 ? null : seededPermutation(tokens.length, seed * 7919 + shuffles)), [shuffles, tokens.length, seed]);
  // The lab's own model (and weights): the run carries its config; the experiment asks the engine's model cache for it.
  const config = lab.ok && lab.kind === 'encoder' ? lab.model.config : null;
  // Two runs of the model: computed after the first paint (src/run/experiments/table.ts).
  const state = useExperiment('permutation', config && perm && tokens.length >= 2 ? { config, tokens, perm, positionalEncoding } : null);
  // Only this shuffle's result: the table pairs its rows with `perm`.
  const run = config && perm && tokens.length >= 2 && state.status === 'done' ? state.value : null;

  if (!lab.ok) return <p className="lw-model-message">{engineErrorMessage(t, lab.error)}</p>;
  const equal = run !== null && run.maxDifference < EQUAL_BELOW;
  const features = Math.min(SHOWN_FEATURES, embedDim);
  const rowText = (m: { data: Float32Array; cols: number }, r: number) =>
    Array.from(m.data.subarray(r * m.cols, r * m.cols + features), (v) => formatValue(v, 3)).join(', ');

  return (
    <div className="lw-model-perm">
      <div className="lw-model-row">
        <label className="lw-model-check">
          <input type="checkbox" checked={positionalEncoding} onChange={(e) => set({ positionalEncoding: e.target.checked })} /> {t('lw.model.perm.pe')}
        </label>
        <button type="button" onClick={() => setShuffles((n) => n + 1)} disabled={tokens.length < 2}>
          {t('lw.model.perm.shuffle')}
        </button>
        <button type="button" onClick={() => setShuffles(0)} disabled={shuffles === 0}>
          {t('lw.model.perm.reset')}
        </button>
      </div>
      {lab.tokens.length > PERMUTATION_MAX_TOKENS && <p className="lw-model-note">{t('lw.model.perm.cut', { n: PERMUTATION_MAX_TOKENS })}</p>}
      <TokenLine label={t('lw.model.perm.original')} tokens={tokens} />
      {tokens.length < 2 ? (
        <p className="lw-model-message">{t('lw.model.perm.needTwo')}</p>
      ) : !perm || !config ? (
        <p className="lw-model-message">{t('lw.model.perm.prompt')}</p>
      ) : !run ? (
        <ExperimentStatus state={state} className="lw-model-message" />
      ) : (
        <>
          <TokenLine label={t('lw.model.perm.shuffled')} tokens={run.shuffledTokens} />
          <p className={`lw-model-verdict lw-model-verdict--${equal ? 'equal' : 'different'}`} aria-live="polite">
            {t('lw.model.perm.maxDiff')} <output data-testid="lw-perm-maxdiff">{run.maxDifference.toExponential(2)}</output>{' '}
            {equal ? t('lw.model.perm.equal') : t('lw.model.perm.different')}
          </p>
          <div className="lw-model-scroll">
            <table className="lw-model-table">
              <caption>{t('lw.model.perm.tableCaption', { features, layers: numLayers })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('lw.model.perm.position')}</th>
                  <th scope="col">{t('lw.model.perm.token')}</th>
                  <th scope="col">{t('lw.model.perm.colShuffled')}</th>
                  <th scope="col">{t('lw.model.perm.colPermuted')}</th>
                  <th scope="col">{t('lw.model.perm.colDiff')}</th>
                </tr>
              </thead>
              <tbody>
                {run.shuffledTokens.slice(0, SHOWN_ROWS).map((token, i) => {
                  let diff = 0;
                  for (let c = 0; c < embedDim; c++) diff = Math.max(diff, Math.abs(run.outputOfShuffled.data[i * embedDim + c] - run.shuffledOriginal.data[i * embedDim + c]));
                  return (
                    <tr key={i}>
                      <td>{i + 1}</td>
                      <td>
                        {token} <span className="lw-model-muted">{t('lw.model.perm.from', { from: perm[i] + 1 })}</span>
                      </td>
                      <td className="lw-model-num">[{rowText(run.outputOfShuffled, i)}, …]</td>
                      <td className="lw-model-num">[{rowText(run.shuffledOriginal, i)}, …]</td>
                      <td className="lw-model-num">{diff.toExponential(1)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {run.shuffledTokens.length > SHOWN_ROWS && <p className="lw-model-note">{t('lw.model.perm.moreRows', { shown: SHOWN_ROWS, total: run.shuffledTokens.length })}</p>}
          <p className="lw-model-note">{positionalEncoding ? t('lw.model.perm.explainOn') : t('lw.model.perm.explainOff')}</p>
        </>
      )}
    </div>
  );
}

function TokenLine({ label, tokens }: { readonly label: string; readonly tokens: readonly string[] }) {
  return (
    <p className="lw-model-tokens">
      <span className="lw-model-tokens__label">{label}</span>{' '}
      {tokens.map((tk, i) => (
        <span key={i} className="lw-model-token">
          <span className="lw-model-token__i">{i + 1}</span>
          {tk}
        </span>
      ))}
    </p>
  );
}
