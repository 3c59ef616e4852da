import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { headColor } from '../../components/headview/headColors';
import { useT, type Translate } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';
import { useLabComputation } from '../../run/useLabComputation';
import { shape } from './HeadSplitShapes';
import { ShapesTable } from './ShapesTable';
import { featureOf, headWidth, roleOf, type FeatureRole, type QkvLayout } from './LayoutExplorerMapping';
import './heads.css';

const CELL = 14;
const BAND_H = 16;
const CELL_H = 20;
const HEIGHT = BAND_H + CELL_H + 16;
const LAYOUTS: readonly QkvLayout[] = ['pytorch', 'article'];
/** Left margin inside the SVG, so the outline of feature 0 is not clipped. */
const PAD = 2;
/** The feature pointed at first (clamped to 3E − 1): for E = 32, H = 4 a value feature whose PyTorch twin is far away. */
const FIRST_FEATURE = 17;

interface Active {
  readonly layout: QkvLayout;
  readonly feature: number;
}

/**
 * The 3·E output features of the fused QKV projection in two layouts, for the lab's E and h: PyTorch's
 * [W_q; W_k; W_v] and the seed's (UvA's) per-head [q_h | k_h | v_h]. Each cell is coloured by head and lettered
 * q / k / v; pointing at one (hover, click, or the arrow keys on a strip) says which head, part and column it feeds
 * and where the same role sits in the other layout. Below, the reshape → permute → chunk shapes. No config.
 */
export function LayoutExplorer() {
  const t = useT();
  const { embedDim, numHeads } = useLabFields('embedDim', 'numHeads');
  const result = useLabComputation();
  const [selected, setSelected] = useState<Active>({ layout: 'article', feature: FIRST_FEATURE });
  const [hover, setHover] = useState<Active | null>(null);
  const d = headWidth(embedDim, numHeads);
  if (d === null) return <p className="lw-heads-error" role="alert">{t('lw.heads.layout.invalid', { width: embedDim, heads: numHeads })}</p>;

  const count = 3 * embedDim;
  const clampFeature = (f: number) => Math.max(0, Math.min(count - 1, f));
  const activeRaw = hover ?? selected;
  const active: Active = { layout: activeRaw.layout, feature: clampFeature(activeRaw.feature) };
  const role = roleOf(active.layout, active.feature, embedDim, numHeads) as FeatureRole;
  const other: QkvLayout = active.layout === 'pytorch' ? 'article' : 'pytorch';
  const counterpart = featureOf(other, role, embedDim, numHeads);
  const highlight = (layout: QkvLayout) => (layout === active.layout ? active.feature : counterpart);
  const L: number | string = result.ok ? result.tokens.length : 'L';
  const shapesCaption = t('lw.heads.layout.shapesCaption', { L });

  return (
    <div className="lw-heads-layout">
      <p className="lw-heads-note">{t('lw.heads.layout.intro', { count, width: embedDim, heads: numHeads, dk: d })}</p>
      {LAYOUTS.map((layout) => (
        <Strip
          key={layout}
          layout={layout}
          embedDim={embedDim}
          numHeads={numHeads}
          highlighted={highlight(layout)}
          isSource={layout === active.layout}
          onHover={(f) => setHover(f === null ? null : { layout, feature: f })}
          onSelect={(f) => setSelected({ layout, feature: clampFeature(f) })}
        />
      ))}
      <div className="lw-heads-readout" data-testid="layout-readout">
        <p>
          <strong>{t(`lw.heads.layout.name.${active.layout}`)}:</strong> {describe(t, active.feature, role)}
        </p>
        <p>{t('lw.heads.layout.counterpart', { layout: t(`lw.heads.layout.name.${other}`), feature: counterpart })}</p>
        <p className="lw-heads-note">
          {active.layout === 'article'
            ? t('lw.heads.layout.formulaArticle', { f: active.feature, d3: 3 * d, d, d2: 2 * d, head: role.head, within: active.feature % (3 * d), part: role.part, column: role.column })
            : t('lw.heads.layout.formulaPytorch', { f: active.feature, e: embedDim, d, partIndex: Math.floor(active.feature / embedDim), part: role.part, within: active.feature % embedDim, head: role.head, column: role.column })}
        </p>
      </div>
      <ShapesTable caption={shapesCaption} testId="layout-shapes">
        <thead>
          <tr>
            <th scope="col">{t('lw.heads.layout.colOp')}</th>
            <th scope="col">{t('lw.heads.layout.name.article')}</th>
            <th scope="col">{t('lw.heads.layout.name.pytorch')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <code>qkv = x W</code>
            </th>
            <td className="lw-heads-shape">{shape(L, 3 * embedDim)}</td>
            <td className="lw-heads-shape">{shape(L, 3 * embedDim)}</td>
          </tr>
          <tr>
            <th scope="row">
              <code>reshape</code> / <code>chunk → view</code>
            </th>
            <td className="lw-heads-shape">{shape(L, numHeads, 3 * d)}</td>
            <td className="lw-heads-shape">
              3 × {shape(L, embedDim)} → 3 × {shape(L, numHeads, d)}
            </td>
          </tr>
          <tr>
            <th scope="row">
              <code>permute</code> / <code>transpose</code>
            </th>
            <td className="lw-heads-shape">{shape(numHeads, L, 3 * d)}</td>
            <td className="lw-heads-shape">3 × {shape(numHeads, L, d)}</td>
          </tr>
          <tr>
            <th scope="row">
              <code>chunk(3, dim=-1)</code>
            </th>
            <td className="lw-heads-shape">3 × {shape(numHeads, L, d)}</td>
            <td className="lw-heads-shape">—</td>
          </tr>
        </tbody>
      </ShapesTable>
    </div>
  );
}

function describe(t: Translate, feature: number, role: FeatureRole): string {
  return t('lw.heads.layout.describe', { feature, head: role.head, headNumber: role.head + 1, part: role.part, column: role.column });
}

interface StripProps {
  readonly layout: QkvLayout;
  readonly embedDim: number;
  readonly numHeads: number;
  /** The feature outlined in this strip: the pointed one, or (in the other strip) the one with the same role. */
  readonly highlighted: number;
  readonly isSource: boolean;
  readonly onHover: (feature: number | null) => void;
  readonly onSelect: (feature: number) => void;
}

/** One layout as a row of 3·E cells; a slider for the keyboard (arrows ±1, Page keys ±D, Home / End). */
function Strip({ layout, embedDim, numHeads, highlighted, isSource, onHover, onSelect }: StripProps) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const d = embedDim / numHeads;
  const count = 3 * embedDim;
  const width = count * CELL + 2 * PAD;
  const roles = Array.from({ length: count }, (_, f) => roleOf(layout, f, embedDim, numHeads) as FeatureRole);
  const bandSize = layout === 'pytorch' ? embedDim : 3 * d;
  const bands = Array.from({ length: count / bandSize }, (_, b) => b);
  const role = roles[highlighted];

  const featureAt = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const f = Math.floor((e.clientX - box.left - PAD) / CELL);
    return f >= 0 && f < count ? f : null;
  };
  const moveTo = (f: number) => onSelect(Math.max(0, Math.min(count - 1, f)));
  // Keep the outlined cell in view inside this strip's own scroll box, also when it moved because of the other strip.
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || box.clientWidth === 0) return;
    const x = PAD + highlighted * CELL;
    if (x < box.scrollLeft) box.scrollLeft = x - PAD;
    else if (x + CELL > box.scrollLeft + box.clientWidth) box.scrollLeft = x + CELL + PAD - box.clientWidth;
  }, [highlighted]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: d, PageDown: -d };
    if (e.key in moves) moveTo(highlighted + moves[e.key]);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(count - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div className="lw-heads-layout__strip" data-layout={layout}>
      <p className="lw-heads-layout__title">
        <strong>{t(`lw.heads.layout.name.${layout}`)}</strong> · {t(`lw.heads.layout.rule.${layout}`)}
      </p>
      <div
        ref={scrollRef}
        className="lw-heads-layout__scroll"
        role="slider"
        tabIndex={0}
        aria-label={t('lw.heads.layout.sliderLabel', { layout: t(`lw.heads.layout.name.${layout}`) })}
        aria-valuemin={0}
        aria-valuemax={count - 1}
        aria-valuenow={highlighted}
        aria-valuetext={describe(t, highlighted, role)}
        onKeyDown={onKeyDown}
        onFocus={() => onSelect(highlighted)}
      >
        <svg width={width} height={HEIGHT} aria-hidden="true" onMouseMove={(e) => onHover(featureAt(e))} onMouseLeave={() => onHover(null)} onClick={(e) => {
          const f = featureAt(e);
          if (f !== null) onSelect(f);
        }}>
          {bands.map((b) => (
            <text key={b} className="lw-heads-layout__band" x={PAD + (b + 0.5) * bandSize * CELL} y={BAND_H - 4} textAnchor="middle">
              {layout === 'pytorch' ? t('lw.heads.layout.bandPart', { part: ['q', 'k', 'v'][b] }) : bandSize * CELL >= 60 ? t('lw.heads.layout.bandHead', { n: b }) : String(b)}
            </text>
          ))}
          {roles.map((r, f) => (
            <g key={f} transform={`translate(${PAD + f * CELL},${BAND_H})`}>
              <rect width={CELL - 1} height={CELL_H} fill={headColor(r.head)} />
              <text className="lw-heads-layout__letter" x={(CELL - 1) / 2} y={CELL_H / 2} textAnchor="middle" dominantBaseline="central">
                {r.part}
              </text>
              <text className="lw-heads-layout__headnum" x={(CELL - 1) / 2} y={CELL_H + 10} textAnchor="middle">
                {r.head}
              </text>
            </g>
          ))}
          {bands.slice(1).map((b) => (
            <line key={b} className="lw-heads-layout__sep" x1={PAD + b * bandSize * CELL - 0.5} x2={PAD + b * bandSize * CELL - 0.5} y1={2} y2={BAND_H + CELL_H + 2} />
          ))}
          <rect
            className={isSource ? 'lw-heads-layout__active' : 'lw-heads-layout__twin'}
            x={PAD + highlighted * CELL - 1}
            y={BAND_H - 2}
            width={CELL + 1}
            height={CELL_H + 4}
          />
        </svg>
      </div>
    </div>
  );
}
