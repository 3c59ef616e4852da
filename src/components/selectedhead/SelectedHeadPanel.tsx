import { useId, useMemo, type ReactNode } from 'react';
import type { Matrix } from '../../engine';
import { headAverage } from '../../models/pipeline/runReadings';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { MATRIX_VIEWS, settingsOf, useLabStore, type MatrixView } from '../../state/labStore';
import { useLabFields } from '../../state/useLabFields';
import { ExportMenu } from '../export/ExportMenu';
import { useHeadLabels } from '../../run/useHeadLabels';
import { useLabComputation } from '../../run/useLabComputation';
import { HeadLabelGuide, namedWithLabel } from '../headlabels';
import { AttentionHeatmap } from '../heatmap/AttentionHeatmap';
import type { HeatmapKind } from '../heatmap/heatmapModel';
import type { WeightPalette } from '../heatmap/palettes';
import { resolveSelection } from './selection';
import './selectedhead.css';

/** What the large heatmap shows: the softmax weights, the raw scores QKᵀ, or the scaled scores QKᵀ/√d_k. */
export type SelectedHeadView = MatrixView;

export interface SelectedHeadPanelProps {
  /** Rendered in the panel header, after the title (e.g. export buttons). */
  readonly actions?: ReactNode;
  /** Pixel length of the longer side of the heatmap's cell area (default 420). */
  readonly size?: number;
  /** Sequential palette for weights (default 'viridis'). */
  readonly palette?: WeightPalette;
}


/**
 * The selected layer's selected head (or the average of its active heads) as a large AttentionHeatmap.
 *
 * The hatching is the run's own mask (the one every layer used, for the same truncated tokens), so it always matches
 * the numbers drawn, without rebuilding the mask or reading the heads' −∞ logits here.
 */
export function SelectedHeadPanel({ actions, size = 420, palette = 'viridis' }: SelectedHeadPanelProps) {
  const t = useT();
  const result = useLabComputation();
  // The store this panel renders from (a custom element's own, or the app's): the export reads its settings.
  const labStore = useLabStore();
  const { selectedLayer, selectedHead, maskMode, toggleCustomCell, matrixView: view, set } = useLabFields(
    'selectedLayer',
    'selectedHead',
    'maskMode',
    'toggleCustomCell',
    'matrixView',
    'set',
  );
  const setView = (v: MatrixView) => set({ matrixView: v });

  const viewName = useId();
  const selection = result.ok ? resolveSelection(result.layers, selectedLayer, selectedHead) : null;
  const attention = result.ok && selection ? result.layers[selection.layer].attention : null;

  const average = useMemo(() => (attention && selection?.head === 'average' ? headAverage(attention) : null), [attention, selection?.head]);
  const mask = result.ok ? result.mask : null;
  const labels = useHeadLabels(result);

  if (!result.ok) {
    const message = engineErrorMessage(t, result.error);
    return (
      <section className="selected-head" aria-label={t('selectedHead.region')}>
        <p className="selected-head__empty">{message}</p>
      </section>
    );
  }
  if (!selection || !attention) return null;

  const tokens = result.tokens.map((tk) => tk.text);
  const isAverage = selection.head === 'average';
  const activeCount = attention.heads.length - attention.disabledHeads.size;
  const headTrace = isAverage ? attention.heads[0] : attention.heads[selection.head as number];
  const ablated = !isAverage && attention.disabledHeads.has(selection.head as number);
  const shownView: SelectedHeadView = isAverage ? 'weights' : view;

  const title = isAverage
    ? t('selectedHead.titleAverage', { layer: selection.layer + 1, count: activeCount })
    : t('selectedHead.titleHead', { layer: selection.layer + 1, head: (selection.head as number) + 1 });

  // The trained model's label of the head, in the heading only ("Layer 1, head 3 · previous token 0.92").
  const labelling = !isAverage && labels ? (labels.heads[selection.layer]?.[selection.head as number] ?? null) : null;
  const heading = labelling ? namedWithLabel(t, title, labelling.label) : title;

  const matrix: Matrix = isAverage ? (average as Matrix) : shownView === 'weights' ? headTrace.weights : shownView === 'scores' ? headTrace.scores : headTrace.scaled;
  const kind: HeatmapKind = shownView === 'weights' ? 'weights' : 'scores';
  const dk = attention.q.cols / attention.heads.length;
  const note = isAverage
    ? t('selectedHead.note.average')
    : shownView === 'weights'
      ? t('selectedHead.note.weights')
      : shownView === 'scores'
        ? t('selectedHead.note.scores')
        : t('selectedHead.note.scaled', { dk, factor: headTrace.scaleFactor.toFixed(4) });
  const editing = maskMode === 'custom';
  const viewLabel: Record<SelectedHeadView, string> = {
    weights: t('selectedHead.view.weights'),
    scores: t('selectedHead.view.scores'),
    scaled: t('selectedHead.view.scaled'),
  };

  return (
    <section className={ablated ? 'selected-head selected-head--ablated' : 'selected-head'} aria-label={t('selectedHead.region')}>
      <header className="selected-head__header">
        <h2 className="selected-head__title">{heading}</h2>
        <div className="selected-head__actions">
          {actions}
          <ExportMenu
            matrix={matrix}
            queryTokens={tokens}
            kind={kind}
            mask={mask}
            title={`${title} · ${viewLabel[shownView]}`}
            fileName={`attention-L${selection.layer + 1}-${isAverage ? 'avg' : `H${(selection.head as number) + 1}`}-${shownView}`}
            palette={palette}
            settings={settingsOf(labStore.getState())}
          />
        </div>
      </header>
      {labels && labelling && <HeadLabelGuide labels={labels} head={labelling} />}
      <fieldset className="selected-head__views">
        <legend>{t('selectedHead.view.legend')}</legend>
        {MATRIX_VIEWS.map((v) => (
          <label key={v} className={shownView === v ? 'selected-head__view selected-head__view--on' : 'selected-head__view'}>
            <input type="radio" name={viewName} value={v} checked={shownView === v} disabled={isAverage && v !== 'weights'} onChange={() => setView(v)} />
            {viewLabel[v]}
          </label>
        ))}
      </fieldset>
      <p className="selected-head__note">{note}</p>
      {ablated && <p className="selected-head__ablated">{t('selectedHead.ablated')}</p>}
      {isAverage && activeCount === 0 && <p className="selected-head__ablated">{t('selectedHead.noActiveHeads')}</p>}
      {editing && <p className="selected-head__hint">{t('selectedHead.customHint')}</p>}
      <AttentionHeatmap
        matrix={matrix}
        queryTokens={tokens}
        kind={kind}
        mask={mask}
        fullyMaskedRows={headTrace.fullyMaskedRows}
        title={`${title} · ${viewLabel[shownView]}`}
        captionHidden
        size={size}
        palette={palette}
        onCellActivate={editing ? toggleCustomCell : undefined}
        className="selected-head__heatmap"
      />
    </section>
  );
}
