import { HeadsGrid } from '../../components/headsgrid/HeadsGrid';
import { HeadViewPanel } from '../../components/headview/HeadViewPanel';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { disabledHeadSets } from '../../state/labMask';
import { useLabFields } from '../../state/useLabFields';
import { useLabComputation } from '../../run/useLabComputation';
import './heads.css';

/**
 * Every head of the student's sentence at a glance (the heads grid: click one to select its layer), and that
 * layer's head view with a checkbox per head and the output difference. A checkbox really ablates the head: its
 * d_k columns of the concat become zeros before W_O. No config.
 */
export function HeadsPlayground() {
  const t = useT();
  const result = useLabComputation();
  const { disabledHeads, numLayers, numHeads, selectedLayer } = useLabFields('disabledHeads', 'numLayers', 'numHeads', 'selectedLayer');
  if (!result.ok) return <p className="lw-heads-note" role="status">{engineErrorMessage(t, result.error)}</p>;

  const layer = Math.max(0, Math.min(selectedLayer, numLayers - 1));
  const off = [...(disabledHeadSets(disabledHeads, numLayers, numHeads)[layer] ?? [])].sort((a, b) => a - b);
  const dk = result.layers[0].attention.q.cols / numHeads;
  return (
    <div className="lw-heads-playground">
      <HeadsGrid thumbnailSize={44} />
      <p className="lw-heads-note" role="status" data-testid="heads-playground-status">
        {off.length === 0
          ? t('lw.heads.play.allOn', { layer: layer + 1, heads: numHeads })
          : t('lw.heads.play.someOff', { layer: layer + 1, off: off.map((h) => h + 1).join(', '), count: off.length, heads: numHeads, dk, zeros: off.length * dk })}
      </p>
      <div className="lw-heads-scroll">
        <HeadViewPanel layer={layer} headView={{ rowHeight: 20, linesWidth: 130 }} difference={{ width: 220 }} />
      </div>
    </div>
  );
}
