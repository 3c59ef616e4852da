import { useId, useMemo, useState } from 'react';
import { HatchPattern, HeatmapCanvas, HeatmapCells, formatValue, type HeatmapScale } from '../../components/heatmap';
import { scoreColor } from '../../components/heatmap/palettes';
import { LinePlot } from '../../components/walkthrough/LinePlot';
import { useT } from '../../i18n/translate';
import { fastValue, useExperiment } from '../../run/experiments';
import { useLab } from '../../state/labStore';
import type { WidgetProps } from '../types';
import { clampInt, PE_DEFAULT_POSITIONS, PE_MAX_POSITIONS, PE_WIDTHS, plottedDimensions, wavelength } from './positionalWaves';
import '../../components/walkthrough/walkthrough.css';
import './model.css';

// Values are sin and cos, so the colour ramp is fixed at −1 … 1 (blue … white … red), not fitted to the data.
const PE_SCALE: HeatmapScale = { kind: 'scores', domain: [-1, 1], color: scoreColor(1), ticks: [-1, -0.5, 0, 0.5, 1] };
const SVG_CELL_LIMIT = 4096;
const LINE_CLASSES = ['wt-plot__line--a', 'wt-plot__line--b', 'lw-model-line--c', 'lw-model-line--d'];
const SHOWN_DIMS = 8;

/**
 * The sinusoidal positional encoding from the engine as a heatmap, positions (rows) × dimensions (columns), plus
 * a few dimensions' curves against position and PE(p) as numbers.
 * Config: positions (1 … 128, default 64); width (an even d_model, default the lab's).
 */
export function PeHeatmap({ config }: WidgetProps) {
  const t = useT();
  const labWidth = useLab((s) => s.embedDim);
  const [width, setWidth] = useState<number | null>(() => (config?.width === undefined ? null : clampInt(config.width, 2, 1024, labWidth)));
  const [positions, setPositions] = useState(() => clampInt(config?.positions, 1, PE_MAX_POSITIONS, PE_DEFAULT_POSITIONS));
  const [posText, setPosText] = useState('1');
  const d = width ?? labWidth;
  // The sinusoidal table (src/run/experiments, 'positional-table': a few ms at most, memoised).
  const pe = fastValue(useExperiment('positional-table', { positions, d }));
  const dims = useMemo(() => plottedDimensions(d), [d]);
  const widthId = useId();
  const posId = useId();
  const rowId = useId();
  const hatchId = `lw-pe-hatch-${useId().replace(/:/g, '')}`;

  const pos = clampInt(posText, 0, positions - 1, -1);
  const posValid = pos >= 0 && String(pos) === posText.trim();
  // Cells need not be square: fill about 320 px each way, so a narrow d = 4 map is still readable.
  const cellW = Math.max(2, Math.min(24, Math.floor(320 / d)));
  const cellH = Math.max(2, Math.min(10, Math.floor(320 / positions)));
  const widthOptions = [...new Set([labWidth, ...PE_WIDTHS])].sort((a, b) => a - b);
  const rowValues = posValid ? Array.from(pe.data.subarray(pos * d, pos * d + Math.min(d, SHOWN_DIMS))) : [];
  const heatmapLabel = t('lw.model.pe.heatmapLabel', { positions, d });

  return (
    <div className="lw-model-pe">
      <div className="lw-model-row">
        <label className="lw-model-field" htmlFor={widthId}>
          {t('lw.model.pe.width')}
        </label>
        <select id={widthId} value={width === null ? 'lab' : String(width)} onChange={(e) => setWidth(e.target.value === 'lab' ? null : Number(e.target.value))}>
          <option value="lab">{t('lw.model.pe.labWidth', { d: labWidth })}</option>
          {widthOptions.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
        <label className="lw-model-field" htmlFor={posId}>
          {t('lw.model.pe.positions')}
        </label>
        <input id={posId} type="range" min={1} max={PE_MAX_POSITIONS} value={positions} onChange={(e) => setPositions(clampInt(e.target.value, 1, PE_MAX_POSITIONS, positions))} />
        <output htmlFor={posId}>{positions}</output>
      </div>
      <figure className="lw-model-pe__map">
        <figcaption className="lw-model-matrix__caption">
          <strong>{t('lw.model.pe.heatmapTitle')}</strong> <span>[{positions} × {d}]</span>
        </figcaption>
        <div className="lw-model-scroll">
          <p className="lw-model-pe__axes">{t('lw.model.pe.axes', { last: positions - 1, lastDim: d - 1 })}</p>
          {positions * d <= SVG_CELL_LIMIT ? (
            <svg className="lw-model-pe__svg" width={cellW * d} height={cellH * positions} role="img" aria-label={heatmapLabel}>
              <defs>
                <HatchPattern id={hatchId} size={4} />
              </defs>
              <HeatmapCells matrix={pe} scale={PE_SCALE} mask={null} cellWidth={cellW} cellHeight={cellH} hatchId={hatchId} />
            </svg>
          ) : (
            <HeatmapCanvas className="lw-model-pe__svg" matrix={pe} scale={PE_SCALE} width={cellW * d} height={cellH * positions} label={heatmapLabel} />
          )}
        </div>
        <p className="lw-model-legend">
          <span className="lw-model-legend__bar" aria-hidden="true" />
          {t('lw.model.pe.legend')}
        </p>
      </figure>
      <div className="lw-model-row">
        <label className="lw-model-field" htmlFor={rowId}>
          {t('lw.model.pe.rowLabel')}
        </label>
        <input id={rowId} className="lw-model-number" type="number" min={0} max={positions - 1} step={1} value={posText} onChange={(e) => setPosText(e.target.value)} aria-invalid={!posValid || undefined} />
      </div>
      {posValid ? (
        <p className="lw-model-pe__row" data-testid="lw-pe-row">
          {t(d > SHOWN_DIMS ? 'lw.model.pe.rowValuesFirst' : 'lw.model.pe.rowValues', { pos, n: SHOWN_DIMS, values: rowValues.map((v) => formatValue(v, 6)).join(', ') })}
        </p>
      ) : (
        <p role="alert" className="lw-model-error">
          {t('lw.model.pe.badRow', { max: positions - 1 })}
        </p>
      )}
      {d === 4 && <p className="lw-model-note">{t('lw.model.pe.checkD4')}</p>}
      <div className="lw-model-scroll">
        <LinePlot
          title={t('lw.model.pe.plotTitle')}
          x={Array.from({ length: positions }, (_, p) => p)}
          yDomain={[-1, 1]}
          xLabel={t('lw.model.pe.plotX')}
          yLabel={t('lw.model.pe.plotY')}
          series={dims.map((dim, i) => ({
            label: t('lw.model.pe.series', { dim, wavelength: wavelength(dim, d).toFixed(1) }),
            values: Array.from({ length: positions }, (_, p) => pe.data[p * d + dim]),
            className: LINE_CLASSES[i % LINE_CLASSES.length],
          }))}
        />
      </div>
      <p className="lw-model-note">{t('lw.model.pe.wavelengths', { fast: wavelength(0, d).toFixed(2), slow: wavelength(d - 1, d).toFixed(0), d })}</p>
    </div>
  );
}
