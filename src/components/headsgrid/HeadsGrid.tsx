import { memo, useCallback, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { headAverage } from '../../models/pipeline/runReadings';
import { type BlockedMask, type EncoderLayerTrace, type HeadLabelling } from '../../engine';
import { useT } from '../../i18n/translate';
import { type HeadChoice } from '../../state/labStore';
import { useLabFields } from '../../state/useLabFields';
import { useHeadLabels } from '../../run/useHeadLabels';
import { useLabComputation } from '../../run/useLabComputation';
import { useSideOverflow } from '../../shared/useSideOverflow';
import { HeadLabelGuide, labelText, namedWithLabel } from '../headlabels';
import { HeatmapThumbnail } from '../heatmap/HeatmapThumbnail';
import type { WeightPalette } from '../heatmap/palettes';
import { resolveSelection } from '../selectedhead/selection';
import './headsgrid.css';

/**
 * Thumbnails narrower than this get no caption under them (an embed shrinks them to fit its width, down to 24 px,
 * where "previous token 0.92" would break into pieces); their label stays in the accessible name.
 */
export const CAPTION_MIN_THUMBNAIL = 48;

/** Past this many layers (GPT-2's 12) the grid scrolls down inside its box too, its head numbers kept on top. */
export const TALL_LAYERS = 4;

/** A thumbnail card's padding and border on both sides together (headsgrid.css: 4 px padding, 1 px border). */
const CARD_CHROME = 10;

/**
 * The grid's columns: the row labels, then one column per head and the average, each as wide as a card (the
 * thumbnail, its padding and border, 2 px to spare; captions are as wide as the thumbnail), so cards never overlap.
 * Fixed, not max-content: the column labels ("Average") would widen the tracks past what an embed fitted its
 * thumbnails to, and a 360 px frame would scroll.
 */
export function headsGridColumns(columns: number, thumbnailSize: number): string {
  return `auto repeat(${columns}, ${thumbnailSize + CARD_CHROME + 2}px)`;
}

export interface HeadsGridProps {
  /** Pixel length of the longer side of each thumbnail (default 64). */
  readonly thumbnailSize?: number;
  /** Sequential palette for the weights (default 'viridis'). */
  readonly palette?: WeightPalette;
}

/**
 * BertViz's "model view": every head of every layer as a small heatmap of its weights, layers as rows and heads as
 * columns, plus the average of each layer's active heads. Selecting one (click, Enter or Space) sets the store's
 * selectedLayer / selectedHead. One tab stop: the arrow keys move between thumbnails (roving tabindex).
 */
export function HeadsGrid({ thumbnailSize = 64, palette = 'viridis' }: HeadsGridProps) {
  const t = useT();
  const result = useLabComputation();
  const { selectedLayer, selectedHead, set } = useLabFields('selectedLayer', 'selectedHead', 'set');
  const gridRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const labels = useHeadLabels(result);
  // On a phone the grid is wider than the screen and scrolls sideways inside its own box: say so, and fade the edge
  // that hides heads.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const hidden = useSideOverflow(scroller);
  // One function for every row and run, so a row whose layer did not change is not drawn again (LayerRow is memo).
  const select = useCallback((layer: number, head: HeadChoice) => set({ selectedLayer: layer, selectedHead: head }), [set]);
  if (!result.ok || result.layers.length === 0) return null;
  const numHeads = result.layers[0].attention.heads.length;
  const selection = resolveSelection(result.layers, selectedLayer, selectedHead);
  const columns = numHeads + 1;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(gridRef.current?.querySelectorAll<HTMLButtonElement>('button[data-layer]') ?? []);
    // The key event's target is the focused thumbnail; document.activeElement would be the host inside a shadow root.
    const index = buttons.findIndex((button) => button === e.target);
    if (index < 0) return;
    const row = Math.floor(index / columns);
    const col = index % columns;
    const moves: Record<string, [number, number]> = {
      ArrowRight: [row, col + 1],
      ArrowLeft: [row, col - 1],
      ArrowDown: [row + 1, col],
      ArrowUp: [row - 1, col],
      Home: [row, 0],
      End: [row, columns - 1],
    };
    const target = moves[e.key];
    if (!target) return;
    const [r, c] = target;
    if (r < 0 || r >= result.layers.length || c < 0 || c >= columns) return;
    e.preventDefault();
    buttons[r * columns + c]?.focus();
  };

  return (
    <section className="heads-grid-view" aria-labelledby={titleId}>
      <h2 id={titleId} className="heads-grid-view__title">
        {t('headsGrid.title')}
      </h2>
      <p className="heads-grid-view__hint">{t('headsGrid.hint')}</p>
      {labels && <HeadLabelGuide labels={labels} />}
      {(hidden.left || hidden.right) && (
        <p className="heads-grid-view__scroll-hint" data-hidden-left={hidden.left} data-hidden-right={hidden.right}>
          {t('headsGrid.scrollHint')}
        </p>
      )}
      <div className="heads-grid-view__frame">
        <div className={`heads-grid-view__scroll${result.layers.length > TALL_LAYERS ? ' heads-grid-view__scroll--tall' : ''}`} ref={setScroller}>
          <div
            ref={gridRef}
            className="heads-grid-view__grid"
            style={{ gridTemplateColumns: headsGridColumns(columns, thumbnailSize), '--heads-grid-thumb': `${thumbnailSize}px` } as CSSProperties}
            onKeyDown={onKeyDown}
          >
            <span className="heads-grid-view__corner" aria-hidden="true" />
            {Array.from({ length: numHeads }, (_, h) => (
              <span key={h} className="heads-grid-view__col-label" aria-hidden="true">
                {t('headsGrid.head', { n: h + 1 })}
              </span>
            ))}
            <span className="heads-grid-view__col-label" aria-hidden="true">
              {t('headsGrid.average')}
            </span>
            {result.layers.map((layer, l) => (
              <LayerRow
                key={l}
                layer={layer}
                index={l}
                disabled={result.disabledHeads[l]}
                mask={result.mask}
                labels={labels?.heads[l] ?? null}
                captions={labels !== null && thumbnailSize >= CAPTION_MIN_THUMBNAIL}
                selected={selection?.layer === l ? selection.head : null}
                size={thumbnailSize}
                palette={palette}
                onSelect={select}
              />
            ))}
          </div>
        </div>
        {hidden.left && <span className="heads-grid-view__edge heads-grid-view__edge--left" aria-hidden="true" />}
        {hidden.right && <span className="heads-grid-view__edge heads-grid-view__edge--right" aria-hidden="true" />}
      </div>
    </section>
  );
}

export interface LayerRowProps {
  readonly layer: EncoderLayerTrace;
  readonly index: number;
  readonly disabled: ReadonlySet<number>;
  /** The run's mask (every layer's), for the hatching. */
  readonly mask: BlockedMask | null;
  /** The trained model's head labels of this layer (HeadLabelGuide explains them); null: no captions. */
  readonly labels: readonly HeadLabelling[] | null;
  /** Show each label under its thumbnail (else only in the names). */
  readonly captions: boolean;
  /** The selected head in this layer, or null when another layer is selected. */
  readonly selected: HeadChoice | null;
  readonly size: number;
  readonly palette: WeightPalette;
  readonly onSelect: (layer: number, head: HeadChoice) => void;
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean => a.size === b.size && [...a].every((x) => b.has(x));
const labelsKey = (labels: readonly HeadLabelling[] | null): string => JSON.stringify(labels?.map((l) => l.label) ?? null);

/**
 * Whether a row would draw the same: its attention (the engine keeps the same object for a layer a toggle leaves
 * unchanged), its heads off, mask, labels, selection and size. A head toggle then redraws only the rows it changes.
 */
export function sameRow(a: LayerRowProps, b: LayerRowProps): boolean {
  return (
    a.layer.attention === b.layer.attention &&
    a.index === b.index &&
    sameSet(a.disabled, b.disabled) &&
    a.mask === b.mask &&
    a.captions === b.captions &&
    a.selected === b.selected &&
    a.size === b.size &&
    a.palette === b.palette &&
    a.onSelect === b.onSelect &&
    labelsKey(a.labels) === labelsKey(b.labels)
  );
}

const LayerRow = memo(LayerRowBody, sameRow);

function LayerRowBody({ layer, index, disabled, mask, labels, captions, selected, size, palette, onSelect }: LayerRowProps) {
  const t = useT();
  const selectHead = (head: HeadChoice) => onSelect(index, head);
  const attention = layer.attention;
  const average = useMemo(() => headAverage(attention), [attention]);
  const layerName = t('headsGrid.layer', { n: index + 1 });
  const noActive = disabled.size === attention.heads.length;
  const averageName = t('headsGrid.button.average', { layer: index + 1 });
  return (
    <>
      <span className="heads-grid-view__row-label">{layerName}</span>
      {attention.heads.map((head, h) => {
        const off = disabled.has(h);
        const label = labels?.[h]?.label ?? null;
        // The caption's words are the end of the accessible name ("Layer 1, head 3 · previous token 0.92").
        const name = namedWithLabel(t, t('headsGrid.button.head', { layer: index + 1, head: h + 1 }), label);
        return (
          <Thumb
            key={h}
            label={off ? t('headsGrid.button.off', { name }) : name}
            caption={captions ? (labelText(t, label) ?? '') : undefined}
            layer={index}
            head={h}
            selected={selected === h}
            off={off}
            offText={t('headsGrid.off')}
            onSelect={selectHead}
          >
            <HeatmapThumbnail matrix={head.weights} mask={mask} size={size} palette={palette} />
          </Thumb>
        );
      })}
      <Thumb
        label={noActive ? t('headsGrid.button.off', { name: averageName }) : averageName}
        caption={captions ? '' : undefined}
        layer={index}
        head="average"
        selected={selected === 'average'}
        off={noActive}
        offText={t('headsGrid.off')}
        onSelect={selectHead}
      >
        <HeatmapThumbnail matrix={average} mask={mask} size={size} palette={palette} />
      </Thumb>
    </>
  );
}

interface ThumbProps {
  readonly label: string;
  /** Text under the thumbnail (a head label); '' keeps the row's height without text; undefined: no caption. */
  readonly caption?: string;
  readonly layer: number;
  readonly head: HeadChoice;
  readonly selected: boolean;
  readonly off: boolean;
  readonly offText: string;
  readonly onSelect: (head: HeadChoice) => void;
  readonly children: ReactNode;
}

function Thumb({ label, caption, layer, head, selected, off, offText, onSelect, children }: ThumbProps) {
  const classes = ['heads-grid-view__thumb', selected ? 'heads-grid-view__thumb--selected' : '', off ? 'heads-grid-view__thumb--off' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-label={label}
      aria-pressed={selected}
      tabIndex={selected ? 0 : -1}
      data-layer={layer}
      data-head={head}
      onClick={() => onSelect(head)}
    >
      {children}
      {/* At most three lines, the same top edge in every card of a row; what a line clamp cuts is in the title and the name. */}
      {caption !== undefined && (
        <span className="heads-grid-view__caption" title={caption === '' ? undefined : caption}>
          {caption}
        </span>
      )}
      {/* A space between the caption's words and the badge's, as the name has it (checkers join text nodes as they are). */}
      {off && ' '}
      {off && (
        <span className="heads-grid-view__off" aria-hidden="true">
          {offText}
        </span>
      )}
    </button>
  );
}
