import { useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Matrix } from '../../engine';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { useHeadLabels } from '../../run/useHeadLabels';
import { useLabComputation } from '../../run/useLabComputation';
import { HeadLabelGuide, labelText } from '../headlabels';
import { canvasSelection, HeadLines } from './HeadLines';
import { HeadSwatch, HeadToggles } from './HeadToggles';
import { maxLineWeight, type TokenFocus, type TokenSide } from '../../models/pipeline/headLines';
import { formatWeight, partnerWeights, strongestPartners } from './lines';
import { TokenColumn, type TokenHandlers } from './TokenColumn';
import './headview.css';

/** Above this many tokens the lines are painted on a canvas rather than drawn as one SVG <line> each. */
export const LINE_SVG_TOKEN_LIMIT = 40;
/**
 * At most this many SVG <line>s (active heads × tokens²); more go on a canvas. React re-setting 2,048 lines' opacity
 * (16 tokens × 8 heads) made a head toggle slower at 16 tokens than the canvas at 64 (`npm run bench:ui`).
 */
export const SVG_LINE_LIMIT = 1024;
/** In canvas mode with no token focused, lines weaker than this are left out. */
export const CANVAS_MIN_WEIGHT = 0.02;
/** In canvas mode with no token focused, each query token keeps only this many of its strongest lines per head. */
export const CANVAS_LINES_PER_QUERY = 4;

const NO_HEADS_OFF: ReadonlySet<number> = new Set();

export interface HeadViewProps {
  /** Layer to show, 0-based; default the store's selectedLayer (clamped to the model). */
  readonly layer?: number;
  /** Tokens above which the lines go on a <canvas> (default LINE_SVG_TOKEN_LIMIT = 40). */
  readonly svgTokenLimit?: number;
  /** CSS pixels per token row (default 22). */
  readonly rowHeight?: number;
  /** CSS pixels between the two token columns, where the lines run (default 180). */
  readonly linesWidth?: number;
  /** CSS pixels of each token column (default the stylesheet's: 9 rem, 6 rem on a phone). */
  readonly columnWidth?: number;
  /** Canvas mode, nothing focused: weakest line drawn (default CANVAS_MIN_WEIGHT = 0.02). */
  readonly canvasMinWeight?: number;
  /** Canvas mode, nothing focused: strongest lines kept per head and query (default CANVAS_LINES_PER_QUERY = 4). */
  readonly canvasLinesPerQuery?: number;
  /**
   * Draw the head selected for the map above (the store's selectedHead, in this layer) on top, the others faded
   * (default false: a page or widget without that map draws every head alike).
   */
  readonly emphasiseSelected?: boolean;
}

/**
 * BertViz-style head view of one layer, bound to the lab store: the layer's tokens as queries (left) and keys
 * (right), a line per query–key pair and head with opacity = weight, and a checkbox per head that really ablates
 * it (store.toggleHead → the head's slice of the concat before W_O becomes zeros).
 */
export function HeadView({ layer, svgTokenLimit = LINE_SVG_TOKEN_LIMIT, rowHeight = 22, linesWidth = 180, columnWidth, canvasMinWeight = CANVAS_MIN_WEIGHT, canvasLinesPerQuery = CANVAS_LINES_PER_QUERY, emphasiseSelected = false }: HeadViewProps) {
  const t = useT();
  const result = useLabComputation();
  const selectedLayer = useLab((s) => s.selectedLayer);
  const selectedHead = useLab((s) => s.selectedHead);
  const toggleHead = useLab((s) => s.toggleHead);
  const onlyHead = useLab((s) => s.onlyHead);
  const allHeadsOn = useLab((s) => s.allHeadsOn);

  const numLayers = result.ok ? result.layers.length : 0;
  const shownLayer = Math.max(0, Math.min(layer ?? selectedLayer, numLayers - 1));
  const attention = result.ok ? result.layers[shownLayer].attention : null;
  const numHeads = attention?.heads.length ?? 0;
  const weights = useMemo(() => attention?.heads.map((h) => h.weights) ?? [], [attention]);
  // The run's, not the store's: the checkboxes and lines show the heads the shown numbers were computed without (a
  // toggle goes through the store's actions; the run that follows it brings the new set).
  const disabled = (result.ok ? result.disabledHeads[shownLayer] : undefined) ?? NO_HEADS_OFF;
  const tokens = useMemo(() => (result.ok ? result.tokens.map((tk) => tk.text) : []), [result]);
  const labels = useHeadLabels(result);

  if (!result.ok) {
    return <p className="headview-notice">{engineErrorMessage(t, result.error)}</p>;
  }

  const layerLabels = labels?.heads[shownLayer];
  return (
    <HeadViewDiagram
      tokens={tokens}
      weights={weights}
      disabled={disabled}
      layerNumber={shownLayer + 1}
      svgTokenLimit={svgTokenLimit}
      rowHeight={rowHeight}
      linesWidth={linesWidth}
      columnWidth={columnWidth}
      canvasMinWeight={canvasMinWeight}
      canvasLinesPerQuery={canvasLinesPerQuery}
      headLabels={layerLabels?.map((h) => labelText(t, h.label))}
      labelGuide={labels ? <HeadLabelGuide labels={labels} /> : undefined}
      onToggle={(head) => toggleHead(shownLayer, head)}
      onOnly={(head) => onlyHead(shownLayer, head, numHeads)}
      onAllOn={() => allHeadsOn(shownLayer)}
      emphasis={emphasiseSelected && typeof selectedHead === 'number' && shownLayer === selectedLayer && selectedHead < numHeads ? selectedHead : null}
    />
  );
}

export interface HeadViewDiagramProps {
  /** Token texts; length = every weights matrix's rows = cols (self-attention). */
  readonly tokens: readonly string[];
  /** Attention weights per head, each [query × key]. */
  readonly weights: readonly Matrix[];
  /** Heads switched off (0-based): no lines, checkbox unchecked. */
  readonly disabled: ReadonlySet<number>;
  /** 1-based, for the titles. */
  readonly layerNumber: number;
  readonly svgTokenLimit: number;
  readonly rowHeight: number;
  readonly linesWidth: number;
  /** CSS pixels of each token column; absent: the stylesheet's. */
  readonly columnWidth?: number;
  readonly canvasMinWeight: number;
  readonly canvasLinesPerQuery: number;
  /** Per head, a label shown beside its checkbox ("previous token 0.92") or null; absent: no labels. */
  readonly headLabels?: readonly (string | null)[];
  /** What the labels mean (HeadLabelGuide), under the checkboxes. */
  readonly labelGuide?: ReactNode;
  readonly onToggle: (head: number) => void;
  readonly onOnly: (head: number) => void;
  readonly onAllOn: () => void;
  /** The head selected for the map above: its lines on top, the others faded; null or absent: none. */
  readonly emphasis?: number | null;
}

const PAGE = 10;

/** The drawing and its interaction, from plain props (no store): usable for any set of attention matrices. */
export function HeadViewDiagram(props: HeadViewDiagramProps) {
  const { tokens, weights, disabled, layerNumber, svgTokenLimit, rowHeight, linesWidth, canvasMinWeight, canvasLinesPerQuery } = props;
  const t = useT();
  const titleId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const pressing = useRef(false);
  const [pointer, setPointer] = useState<TokenFocus | null>(null);
  const [keyboard, setKeyboard] = useState<TokenFocus | null>(null);
  const [pinnedRaw, setPinned] = useState<TokenFocus | null>(null);
  const [tabStops, setTabStops] = useState<Record<TokenSide, number>>({ query: 0, key: 0 });
  const [aloneRaw, setAlone] = useState<number | null>(null);

  const n = tokens.length;
  const valid = (f: TokenFocus | null) => (f && f.index < n ? f : null);
  const pinned = valid(pinnedRaw);
  const shownRaw = valid(pointer) ?? valid(keyboard) ?? pinned;
  // Stable identity for the memoised lines: a new object only when the shown token changes.
  const shownSide = shownRaw?.side;
  const shownIndex = shownRaw?.index;
  const shown = useMemo<TokenFocus | null>(() => (shownSide !== undefined && shownIndex !== undefined ? { side: shownSide, index: shownIndex } : null), [shownSide, shownIndex]);
  // "Draw alone": only that head's lines (a head switched off has none to draw). The drawing hides the others; the
  // computation, and so `disabled`, is untouched.
  const alone = aloneRaw !== null && aloneRaw < weights.length && !disabled.has(aloneRaw) ? aloneRaw : null;
  const hidden = useMemo(() => (alone === null ? disabled : new Set(range(weights.length).filter((h) => h !== alone))), [alone, disabled, weights.length]);
  const activeHeads = useMemo(() => range(weights.length).filter((h) => !hidden.has(h)), [weights.length, hidden]);
  // The selected head on top, the others faded: only while several heads are drawn and it is one of them.
  const emphasis = props.emphasis ?? null;
  const emphasised = emphasis !== null && alone === null && activeHeads.length > 1 && activeHeads.includes(emphasis) ? emphasis : null;
  // Beyond the token limit, or when there would be too many <line>s (SVG_LINE_LIMIT), paint a canvas.
  const mode = n > svgTokenLimit || activeHeads.length * n * n > SVG_LINE_LIMIT ? 'canvas' : 'svg';
  const strongest = shown ? strongestPartners(weights, hidden, shown) : [];
  // Long inputs: opacity relative to the strongest line drawn (still proportional to the weight).
  const canvasMax = useMemo(() => (mode === 'canvas' ? maxLineWeight(weights, canvasSelection(hidden, shown, canvasMinWeight, canvasLinesPerQuery)) : 1), [mode, weights, hidden, shown, canvasMinWeight, canvasLinesPerQuery]);

  const handlers = useMemo<TokenHandlers>(() => {
    const moveTo = (side: TokenSide, index: number) => {
      const i = Math.max(0, Math.min(n - 1, index));
      setTabStops((s) => ({ ...s, [side]: i }));
      scrollRef.current?.querySelector<HTMLButtonElement>(`button[data-side="${side}"][data-index="${i}"]`)?.focus();
    };
    return {
      onPointer: setPointer,
      onFocusToken: (f) => {
        // A click focuses the button too; only keyboard focus is remembered apart from the pointer.
        if (f && !pressing.current) setKeyboard(f);
        if (!f) setKeyboard(null);
        if (f) setTabStops((s) => ({ ...s, [f.side]: f.index }));
        pressing.current = false;
      },
      onPress: () => {
        pressing.current = true;
      },
      onPin: (f) => setPinned((p) => (p && p.side === f.side && p.index === f.index ? null : f)),
      onKey: (side, index, e) => {
        if (e.key === 'Escape') {
          setPinned(null);
          return;
        }
        const to = keyTarget(e.key, side, index, n);
        if (!to) return;
        e.preventDefault();
        moveTo(to[0], to[1]);
      },
    };
  }, [n]);

  const rowStyle = {
    '--headview-row': `${rowHeight}px`,
    '--headview-lines': `${linesWidth}px`,
    ...(props.columnWidth !== undefined && { '--headview-col': `${props.columnWidth}px` }),
  } as CSSProperties;
  const linesLabel = shown
    ? t(shown.side === 'query' ? 'headview.linesFocusQuery' : 'headview.linesFocusKey', { token: tokens[shown.index] })
    : t('headview.linesLabel', { active: activeHeads.length, heads: weights.length, count: n });

  // Bars beside the other column's tokens: only for small inputs (512 rows × 16 heads of bars would re-render on every hover).
  const bars = useMemo(() => (mode === 'svg' && shown ? partnerWeights(weights, hidden, shown) : null), [mode, weights, hidden, shown]);

  return (
    <section className="headview" aria-labelledby={titleId}>
      <h2 id={titleId} className="headview-title">
        {t('headview.title', { layer: layerNumber })}
      </h2>
      <p className="headview-intro">{t('headview.intro')}</p>
      <HeadToggles
        numHeads={weights.length}
        disabled={disabled}
        layerNumber={layerNumber}
        labels={props.headLabels}
        guide={props.labelGuide}
        onToggle={props.onToggle}
        onOnly={props.onOnly}
        onAllOn={props.onAllOn}
        drawnAlone={alone}
        onDrawAlone={setAlone}
        emphasised={emphasis !== null && emphasis < weights.length ? emphasis : null}
      />
      {alone !== null && <p className="headview-note headview-alone-note">{t('headview.aloneNote', { n: alone + 1 })}</p>}
      {emphasised !== null && <p className="headview-note">{t('headview.emphasisNote', { n: emphasised + 1 })}</p>}
      <div className="headview-diagram" style={rowStyle}>
        <div className="headview-colheads" aria-hidden="true">
          <span>
            <strong>{t('headview.queries')}</strong> <small>{t('headview.queriesHint')}</small>
          </span>
          <span />
          <span>
            <strong>{t('headview.keys')}</strong> <small>{t('headview.keysHint')}</small>
          </span>
        </div>
        <div className="headview-scroll" ref={scrollRef}>
          <div className="headview-grid">
            <TokenColumn side="query" tokens={tokens} shown={shown} pinned={pinned} tabStop={Math.min(tabStops.query, n - 1)} partner={shown?.side === 'key' ? bars : null} barHeads={activeHeads} handlers={handlers} />
            <div className="headview-lines">
              <HeadLines weights={weights} disabled={hidden} focus={shown} mode={mode} width={linesWidth} rowHeight={rowHeight} minWeight={canvasMinWeight} perQuery={canvasLinesPerQuery} opacityScale={canvasMax > 0 ? 1 / canvasMax : 1} label={linesLabel} viewport={scrollRef} emphasis={emphasised} />
            </div>
            <TokenColumn side="key" tokens={tokens} shown={shown} pinned={pinned} tabStop={Math.min(tabStops.key, n - 1)} partner={shown?.side === 'query' ? bars : null} barHeads={activeHeads} handlers={handlers} />
          </div>
        </div>
      </div>
      {activeHeads.length === 0 && <p className="headview-notice">{t('headview.allOff')}</p>}
      {mode === 'canvas' && <p className="headview-note">{t('headview.canvasHint', { min: canvasMinWeight, max: formatWeight(canvasMax), k: canvasLinesPerQuery })}</p>}
      <p className="headview-note">{t('headview.keyboardHint')}</p>
      <div className="headview-summary" aria-live="polite">
        {shown && strongest.length > 0 ? (
          <>
            <p>{t(shown.side === 'query' ? 'headview.focusQuery' : 'headview.focusKey', { token: tokens[shown.index] })}</p>
            <ul>
              {strongest.map((s) => (
                <li key={s.head}>
                  <HeadSwatch head={s.head} />
                  {t(shown.side === 'query' ? 'headview.focusEntryQuery' : 'headview.focusEntryKey', {
                    head: t('headview.head', { n: s.head + 1 }),
                    token: tokens[s.index],
                    weight: formatWeight(s.weight),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('headview.focusNone')}</p>
        )}
        {pinned && <p>{t('headview.pinned', { token: tokens[pinned.index] })}</p>}
      </div>
    </section>
  );
}

/** Where a key press moves the focus in the two token columns (n tokens each), or null for other keys. */
export function keyTarget(key: string, side: TokenSide, index: number, n: number): [TokenSide, number] | null {
  const to: Partial<Record<string, [TokenSide, number]>> = {
    ArrowDown: [side, index + 1],
    ArrowUp: [side, index - 1],
    PageDown: [side, index + PAGE],
    PageUp: [side, index - PAGE],
    Home: [side, 0],
    End: [side, n - 1],
    ArrowRight: ['key', index],
    ArrowLeft: ['query', index],
  };
  return to[key] ?? null;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
