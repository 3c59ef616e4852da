import { useRef, useState } from 'react';
import type { BlockedMask, Matrix } from '../../engine';
import { useT } from '../../i18n/translate';
import type { LabSettings } from '../../state/labStore';
import type { WeightPalette } from '../heatmap/palettes';
import { downloadBlob, safeFileStem } from './download';
import { heatmapToCsv, heatmapToJson, heatmapToSvg, type HeatmapExportInput, type HeatmapExportLabels, type HeatmapKind } from './heatmapExport';
import { canRenderPng, svgToPngBlob } from './png';
import './export.css';

export type ExportFormat = 'png' | 'svg' | 'csv' | 'json';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['png', 'svg', 'csv', 'json'];

export interface ExportMenuProps {
  /** One head, [queries × keys]. */
  readonly matrix: Matrix;
  /** Row labels; length = matrix.rows. */
  readonly queryTokens: readonly string[];
  /** Column labels; length = matrix.cols. Default: queryTokens (self-attention). */
  readonly keyTokens?: readonly string[];
  /** What the matrix holds: softmax 'weights' or raw 'scores'. */
  readonly kind: HeatmapKind;
  /** Blocked cells, [queries × keys]; null when nothing is masked. */
  readonly mask: BlockedMask | null;
  /** Written into the files and used in the buttons' accessible names, e.g. "Layer 1, head 2". */
  readonly title: string;
  /** File name without extension, e.g. "attention-L1-H2" (unsafe characters are replaced). */
  readonly fileName: string;
  /** Weight palette, as on screen (default 'viridis'). */
  readonly palette?: WeightPalette;
  /** Included in the JSON file when given, so the numbers can be reproduced. */
  readonly settings?: LabSettings;
}

const MIME: Record<ExportFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

/** Four download buttons (PNG, SVG, CSV, JSON) for one heatmap; plain buttons, so Tab and Enter/Space work. */
export function ExportMenu({ matrix, queryTokens, keyTokens = queryTokens, kind, mask, title, fileName, palette, settings }: ExportMenuProps) {
  const t = useT();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const labels: HeatmapExportLabels = {
    queries: t('export.axis.queries'),
    keys: t('export.axis.keys'),
    weights: t('export.legend.weights'),
    scores: t('export.legend.scores'),
    masked: t('export.legend.masked'),
    corner: t('export.csv.corner'),
  };
  const input: HeatmapExportInput = { matrix, queryTokens, keyTokens, kind, mask, title, palette, labels };

  const save = async (format: ExportFormat): Promise<void> => {
    if (busyRef.current) return;
    const file = `${safeFileStem(fileName)}.${format}`;
    try {
      let blob: Blob;
      if (format === 'png') {
        if (!canRenderPng()) {
          setMessage(t('export.pngUnavailable'));
          return;
        }
        busyRef.current = true;
        setBusy(true);
        blob = await svgToPngBlob(heatmapToSvg(input));
      } else {
        const text = format === 'svg' ? heatmapToSvg(input) : format === 'csv' ? `\uFEFF${heatmapToCsv(input)}` : heatmapToJson({ ...input, settings });
        blob = new Blob([text], { type: MIME[format] });
      }
      downloadBlob(file, blob);
      setMessage(t('export.saved', { file }));
    } catch (err) {
      setMessage(t('export.failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="export-menu" role="group" aria-label={`${t('export.label')}: ${title}`}>
      <span className="export-label" aria-hidden="true">
        {t('export.label')}
      </span>
      {EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="export-button"
          aria-label={t(`export.${format}`, { title })}
          title={t(`export.${format}`, { title })}
          aria-busy={busy && format === 'png' ? true : undefined}
          onClick={() => void save(format)}
        >
          {format.toUpperCase()}
        </button>
      ))}
      <span className="export-status" aria-live="polite">
        {message}
      </span>
    </div>
  );
}
