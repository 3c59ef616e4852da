import type { ReactNode } from 'react';
import { useT } from '../../i18n/translate';
import { HeadSwitchList } from '../headswitches';
import { headStroke } from './headColors';

export interface HeadTogglesProps {
  /** Number of heads in the layer. */
  readonly numHeads: number;
  /** Heads switched off (0-based). */
  readonly disabled: ReadonlySet<number>;
  /** 1-based layer number, for the labels. */
  readonly layerNumber: number;
  /** Per head, its label ("previous token 0.92") or null, shown after the head's name inside its checkbox label. */
  readonly labels?: readonly (string | null)[];
  /** Shown under the checkboxes: what the labels mean. */
  readonly guide?: ReactNode;
  readonly onToggle: (head: number) => void;
  readonly onOnly: (head: number) => void;
  readonly onAllOn: () => void;
  /** The head whose lines alone are drawn (a view choice, not the computation's), or null; with onDrawAlone. */
  readonly drawnAlone?: number | null;
  /** Draw only this head's lines (null: every head that is on); without it there is no "Draw alone" button. */
  readonly onDrawAlone?: (head: number | null) => void;
  /** The head selected for the map above (drawn on top, the others faded), or null. */
  readonly emphasised?: number | null;
}

/** A line sample in the head's colour and dash: the key to the drawing. */
export function HeadSwatch({ head }: { readonly head: number }) {
  const stroke = headStroke(head);
  return (
    <svg className="headview-swatch" width={22} height={12} aria-hidden="true" focusable="false">
      <rect x={0.5} y={0.5} width={21} height={11} rx={2} fill={stroke.color} fillOpacity={0.18} stroke={stroke.color} />
      <line x1={3} y1={6} x2={19} y2={6} stroke={stroke.color} strokeWidth={3} strokeDasharray={stroke.dash.length ? stroke.dash.join(' ') : undefined} />
    </svg>
  );
}

/** The head view's list: one native checkbox per head of its layer (checked = in the computation) in the shared HeadSwitchList, with "only this", "draw alone" and "all on". */
export function HeadToggles({ numHeads, disabled, layerNumber, labels, guide, onToggle, onOnly, onAllOn, drawnAlone = null, onDrawAlone, emphasised = null }: HeadTogglesProps) {
  const t = useT();
  const layer = layerNumber - 1;
  return (
    <HeadSwitchList
      className="headview-heads"
      legend={t('headview.headsLegend', { layer: layerNumber })}
      layers={[layer]}
      heads={numHeads}
      off={[...disabled].map((head) => ({ layer, head }))}
      onToggle={(_, head) => onToggle(head)}
      itemClassName={(_, head, off) => ['headview-head', off ? 'headview-head--off' : '', emphasised === head ? 'headview-head--selected' : ''].filter(Boolean).join(' ')}
      label={(_, head) => {
        const label = labels?.[head] ?? null;
        return (
          <>
            <HeadSwatch head={head} />
            {label === null ? t('headview.head', { n: head + 1 }) : t('headLabels.named', { name: t('headview.head', { n: head + 1 }), label })}
          </>
        );
      }}
      after={(_, head, off) => (
        <>
          {off && <span className="headview-off-note">{t('headview.headOff')}</span>}
          {emphasised === head && <span className="headview-selected-note">{t('headview.selectedHead')}</span>}
          {numHeads > 1 && (
            <button type="button" className="headview-only" aria-label={t('headview.onlyLabel', { n: head + 1, layer: layerNumber })} onClick={() => onOnly(head)}>
              {t('headview.only')}
            </button>
          )}
          {numHeads > 1 && onDrawAlone && (
            <button
              type="button"
              className="headview-alone"
              aria-pressed={drawnAlone === head}
              aria-label={t('headview.drawAloneLabel', { n: head + 1 })}
              disabled={off}
              onClick={() => onDrawAlone(drawnAlone === head ? null : head)}
            >
              {t('headview.drawAlone')}
            </button>
          )}
        </>
      )}
    >
      <button type="button" className="headview-all-on" disabled={disabled.size === 0} onClick={onAllOn}>
        {t('headview.allOn')}
      </button>
      <p className="headview-note">{t('headview.ablationNote')}</p>
      {guide}
    </HeadSwitchList>
  );
}
