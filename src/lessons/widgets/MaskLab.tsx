import { useId, useState } from 'react';
import { TokenChips } from '../../components/controls/TokenChips';
import { AttentionHeatmap } from '../../components/heatmap/AttentionHeatmap';
import { formatValue } from '../../components/heatmap/heatmapModel';
import { resolveSelection } from '../../components/selectedhead/selection';
import type { Matrix } from '../../engine';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useExperiment } from '../../run/experiments';
import { type MaskMode } from '../../state/labStore';
import { useLabFields } from '../../state/useLabFields';
import { useLabComputation } from '../../run/useLabComputation';
import './heads.css';

const MODES: readonly MaskMode[] = ['none', 'causal', 'padding', 'custom'];
const MAP_SIZE = 260;

/**
 * The student's sentence under a mask (lab store): mode buttons, padding chips, the selected head's weights with the
 * blocked cells hatched, and one query row as numbers, where a blocked key reads exactly 0. The hatching is the run's
 * own mask, the one the engine used. No config.
 */
export function MaskLab() {
  const t = useT();
  const result = useLabComputation();
  const { maskMode, selectedLayer, selectedHead, set, toggleCustomCell } = useLabFields('maskMode', 'selectedLayer', 'selectedHead', 'set', 'toggleCustomCell');
  const [row, setRow] = useState(0);
  const rowId = useId();
  const headId = useId();

  const selection = result.ok ? resolveSelection(result.layers, selectedLayer, selectedHead) : null;
  const attention = result.ok && selection ? result.layers[selection.layer].attention : null;
  const head = selection && selection.head !== 'average' ? selection.head : null;
  // The average of the active heads (src/run/experiments, 'head-average': the engine's float32 sums, memoised).
  const average = useExperiment('head-average', attention && head === null ? { weights: attention.heads.map((h) => h.weights), disabledHeads: [...attention.disabledHeads] } : null);
  const weights: Matrix | null = attention ? (head === null ? (average.status === 'done' ? average.value : null) : attention.heads[head].weights) : null;
  const mask = result.ok ? result.mask : null;

  if (!result.ok) return <p className="lw-heads-note" role="status">{engineErrorMessage(t, result.error)}</p>;
  if (!attention || !weights || !selection) return null;

  const tokens = result.tokens.map((tk) => tk.text);
  const L = tokens.length;
  const query = Math.min(row, L - 1);
  const fullyMasked = attention.heads[0].fullyMaskedRows;
  const blockedCount = mask ? mask.blocked.reduce((n, b) => n + b, 0) : 0;
  const title = head === null ? t('lw.heads.mask.titleAverage', { layer: selection.layer + 1 }) : t('lw.heads.mask.title', { layer: selection.layer + 1, head: head + 1 });
  const rowBlocked = (k: number) => mask !== null && mask.blocked[query * L + k] === 1;
  const rowCaption = t('lw.heads.mask.rowCaption', { n: query + 1, token: tokens[query] });
  const rowSum = Array.from({ length: L }, (_, k) => weights.data[query * L + k]).reduce((a, b) => a + b, 0);

  return (
    <div className="lw-heads-mask">
      <p className="lw-heads-convention">{t('lw.heads.mask.convention')}</p>
      <div className="lw-heads-buttons" role="group" aria-label={t('lw.heads.mask.modes')}>
        {MODES.map((mode) => (
          <button key={mode} type="button" aria-pressed={mode === maskMode} onClick={() => set({ maskMode: mode })}>
            {t(`mask.${mode}`)}
          </button>
        ))}
      </div>
      <p className="lw-heads-note">{t(`mask.hint.${maskMode}`)}</p>
      {maskMode === 'padding' && <TokenChips tokens={result.tokens} />}
      <p className="lw-heads-note" data-testid="mask-lab-count">
        {t('lw.heads.mask.count', { blocked: blockedCount, total: L * L })}
      </p>
      {fullyMasked.length > 0 && (
        <p className="lw-heads-warning" role="status">
          {t('lw.heads.mask.fullyMasked', { rows: fullyMasked.map((r) => `${r + 1} “${tokens[r]}”`).join(', ') })}
        </p>
      )}
      <div className="lw-heads-row">
        <label className="lw-heads-field" htmlFor={headId}>
          {t('lw.heads.mask.head')}
        </label>
        <select id={headId} value={head ?? 'average'} onChange={(e) => set({ selectedHead: e.target.value === 'average' ? 'average' : Number(e.target.value) })}>
          {attention.heads.map((_, h) => (
            <option key={h} value={h}>
              {h + 1}
            </option>
          ))}
          <option value="average">{t('lw.heads.mask.average')}</option>
        </select>
        <label className="lw-heads-field" htmlFor={rowId}>
          {t('lw.heads.mask.row')}
        </label>
        <select id={rowId} value={query} onChange={(e) => setRow(Number(e.target.value))}>
          {tokens.map((tok, i) => (
            <option key={i} value={i}>
              {`${i + 1}. ${tok}`}
            </option>
          ))}
        </select>
      </div>
      <div className="lw-heads-mask__body">
        <div className="lw-heads-scroll">
          <AttentionHeatmap
            matrix={weights}
            queryTokens={tokens}
            mask={mask}
            fullyMaskedRows={fullyMasked}
            title={title}
            size={MAP_SIZE}
            onCellActivate={maskMode === 'custom' ? toggleCustomCell : undefined}
          />
        </div>
        <div className="lw-heads-scroll" role="region" tabIndex={0} aria-label={rowCaption}>
          <table className="lw-heads-table" data-testid="mask-lab-row">
            <caption>{rowCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lw.heads.mask.colKey')}</th>
                <th scope="col">{t('lw.heads.mask.colWeight')}</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((tok, k) => {
                const blocked = rowBlocked(k);
                const w = weights.data[query * L + k];
                return (
                  <tr key={k} data-key={k} className={blocked ? 'is-masked' : undefined}>
                    <th scope="row">{`${k + 1}. ${tok}`}</th>
                    <td>
                      {/* A blocked key's weight is exactly 0 (exp(−∞) = 0): an exact 0 is printed as "0", anything else rounded. */}
                      <span data-testid={`mask-lab-weight-${k}`}>{w === 0 ? '0' : formatValue(w, 3)}</span>
                      {blocked && <span className="lw-heads-tag"> {t('lw.heads.mask.maskedTag')}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('lw.heads.mask.sum')}</th>
                <td>{rowSum === 0 ? '0' : formatValue(rowSum, 3)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
    </div>
  );
}
