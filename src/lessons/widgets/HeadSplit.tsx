import { useId, useState } from 'react';
import { headChoices, headsForWidth, WIDTHS } from '../../components/controls/SettingsPanel';
import { headColor } from '../../components/headview/headColors';
import { useT } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';
import { URL_LIMITS } from '../../state/url/urlState';
import { useLabComputation } from '../../run/useLabComputation';
import { checkHeadCount, shape } from './HeadSplitShapes';
import { ShapeRow, ShapesTable } from './ShapesTable';
import './heads.css';

/**
 * How d_model splits into h heads of d_k = d_model / h, on the lab's own width and head count (it writes them, so
 * every lab view follows): a strip of the feature columns coloured and numbered by head, and the live shapes per
 * head, of the concatenation and of W_O. A typed head count that does not divide the width is refused with a
 * message and the lab keeps its setting. No config.
 */
export function HeadSplit() {
  const t = useT();
  const { embedDim, numHeads, set } = useLabFields('embedDim', 'numHeads', 'set');
  const result = useLabComputation();
  // What the student is typing; null shows the lab's value.
  const [draft, setDraft] = useState<string | null>(null);
  const widthId = useId();
  const headsId = useId();
  const messageId = useId();

  const check = draft === null ? null : checkHeadCount(draft, embedDim);
  const refused = check !== null && !check.ok ? check : null;
  const applyHeads = (heads: number) => set({ numHeads: heads, disabledHeads: [], selectedHead: 0 });
  const onWidth = (width: number) => {
    setDraft(null);
    // As in the settings panel: the head count if it still divides, else the nearest that does.
    set({ embedDim: width, numHeads: headsForWidth(width, numHeads), disabledHeads: [], selectedHead: 0 });
  };
  const onHeadsText = (text: string) => {
    const next = checkHeadCount(text, embedDim);
    if (next.ok) {
      setDraft(null);
      if (next.heads !== numHeads) applyHeads(next.heads);
    } else setDraft(text);
  };

  const dk = embedDim / numHeads;
  const L: number | string = result.ok ? result.tokens.length : 'L';
  const shapesCaption = t('lw.heads.split.shapesCaption', { L });
  const params = 4 * embedDim * embedDim + 4 * embedDim;
  const groups = Array.from({ length: numHeads }, (_, h) => ({ head: h, from: h * dk + 1, to: (h + 1) * dk }));
  const widths = WIDTHS.includes(embedDim) ? WIDTHS : [...WIDTHS, embedDim].sort((a, b) => a - b);

  return (
    <div className="lw-heads-split">
      <div className="lw-heads-row">
        <label className="lw-heads-field" htmlFor={widthId}>
          {t('lw.heads.split.width')}
        </label>
        <select id={widthId} value={embedDim} onChange={(e) => onWidth(Number(e.target.value))}>
          {widths.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
        <label className="lw-heads-field" htmlFor={headsId}>
          {t('lw.heads.split.heads')}
        </label>
        <input
          id={headsId}
          className="lw-heads-number"
          type="text"
          inputMode="numeric"
          value={draft ?? String(numHeads)}
          aria-invalid={refused !== null}
          aria-describedby={messageId}
          onChange={(e) => onHeadsText(e.target.value)}
        />
      </div>
      <div className="lw-heads-buttons" role="group" aria-label={t('lw.heads.split.choices', { width: embedDim })}>
        <span className="lw-heads-field">{t('lw.heads.split.choices', { width: embedDim })}</span>
        {headChoices(embedDim).map((h) => (
          <button key={h} type="button" aria-pressed={h === numHeads && refused === null} onClick={() => {
              setDraft(null);
              applyHeads(h);
            }}>
            {h}
          </button>
        ))}
      </div>
      <p id={messageId} className={refused ? 'lw-heads-error' : 'lw-heads-note'} role={refused ? 'alert' : undefined} data-testid="head-split-message">
        {refused
          ? t(`lw.heads.split.refused.${refused.reason}`, { text: (draft ?? '').trim(), width: embedDim, choices: refused.divisors.join(', '), max: URL_LIMITS.maxHeads })
          : t('lw.heads.split.ok', { width: embedDim, heads: numHeads, dk })}
      </p>

      <div className="lw-heads-strip" role="img" aria-label={t('lw.heads.split.stripLabel', { width: embedDim, heads: numHeads, dk })}>
        {groups.map((g) => (
          <div key={g.head} className="lw-heads-strip__group" aria-hidden="true" style={{ flexGrow: dk }}>
            <div className="lw-heads-strip__cells" style={{ backgroundColor: headColor(g.head) }}>
              {Array.from({ length: dk }, (_, c) => (
                <span key={c} className="lw-heads-strip__cell" />
              ))}
            </div>
            <span className="lw-heads-strip__label">{g.head + 1}</span>
          </div>
        ))}
      </div>
      <p className="lw-heads-note lw-heads-ranges">
        {groups.map((g) => t('lw.heads.split.range', { head: g.head + 1, from: g.from, to: g.to })).join(' · ')}
      </p>

      <ShapesTable caption={shapesCaption} testId="head-split-shapes">
        <tbody>
          <ShapeRow name="X" value={shape(L, embedDim)} note={t('lw.heads.split.noteX')} />
          <ShapeRow name="W_i^Q, W_i^K, W_i^V" value={shape(embedDim, dk)} note={t('lw.heads.split.noteW', { heads: numHeads })} />
          <ShapeRow name="Q_i, K_i, V_i" value={shape(L, dk)} note={t('lw.heads.split.noteQkv')} />
          <ShapeRow name="softmax(Q_i K_iᵀ / √d_k)" value={shape(L, L)} note={t('lw.heads.split.noteWeights', { dk, root: Math.sqrt(dk).toFixed(3) })} />
          <ShapeRow name="head_i" value={shape(L, dk)} note={t('lw.heads.split.noteHead')} />
          <ShapeRow name="Concat(head_1 … head_h)" value={shape(L, `${numHeads}·${dk} = ${embedDim}`)} note={t('lw.heads.split.noteConcat')} />
          <ShapeRow name="W_O" value={shape(embedDim, embedDim)} note={t('lw.heads.split.noteWo')} />
          <ShapeRow name="MultiHead(X)" value={shape(L, embedDim)} note={t('lw.heads.split.noteOut')} />
        </tbody>
      </ShapesTable>
      <p className="lw-heads-note" data-testid="head-split-params">
        {t('lw.heads.split.params', { width: embedDim, params })}
      </p>
    </div>
  );
}
