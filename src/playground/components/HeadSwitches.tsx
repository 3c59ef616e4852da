import { useMemo } from 'react';
import { HeadSwitchList } from '../../components/headswitches';
import type { HeadId } from '../../engine';
import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';

/**
 * One checkbox per head (the one HeadSwitchList): unticking one is real ablation in the model being trained — its
 * output is replaced by zeros before W_O in every forward from then on (training too), and the held-out figures are
 * computed again.
 */
export function HeadSwitches({ layers, heads }: { readonly layers: number; readonly heads: number }) {
  const t = useT();
  const headsOff = usePlayground((s) => s.headsOff);
  const setHeadOff = usePlayground((s) => s.setHeadOff);
  const busy = usePlayground((s) => s.status === 'building' || s.status === 'loading');
  const off = useMemo<HeadId[]>(() => (headsOff ?? []).flatMap((row, layer) => row.flatMap((isOff, head) => (isOff ? [{ layer, head }] : []))), [headsOff]);
  return (
    <HeadSwitchList
      className="head-switches"
      legend={t('pg.heads.legend')}
      layers={layers}
      heads={heads}
      off={off}
      disabled={busy}
      label={(l, h) => t('pg.heads.name', { layer: l + 1, head: h + 1 })}
      onToggle={(l, h, on) => setHeadOff(l, h, !on)}
    >
      <p className="hint">{off.length === 0 ? t('pg.heads.hint') : t('pg.heads.off', { n: off.length })}</p>
    </HeadSwitchList>
  );
}
