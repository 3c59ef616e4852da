import { useSyncExternalStore } from 'react';
import { kindText, useT } from '../../i18n/translate';
import type { StatusPlace } from '../../models/modelStatus';
import { useModelKind } from '../../run/useModelKind';

/**
 * The one line about the model the views run (the settings' choice, or a <ModelScope>'s) while the stand-in runs in
 * its place: its download with progress, a note (no checkpoint open yet), or why it failed, with "Try again" when
 * that can help. Nothing once it runs. `place` (models/modelStatus.ts): the lab, an embed page, or above a custom
 * element on another site.
 */
export function ModelStatusLine({ place = 'lab' }: { readonly place?: StatusPlace }) {
  const t = useT();
  const kind = useModelKind();
  const status = useSyncExternalStore(kind.subscribe, () => kind.status(place), () => kind.status(place));
  if (status.phase === 'quiet') return null;
  const line = status.texts.map((text) => kindText(t, text)).join(' ');
  if (status.phase === 'failed') {
    return (
      <p className={`notice model-status model-status--error${place === 'element' ? ' el-model-failure' : ''}`} role="alert">
        {line}
        {status.retry && (
          <>
            {' '}
            <button type="button" className="secondary" onClick={() => kind.ensureLoaded()}>
              {t('model.retry')}
            </button>
          </>
        )}
      </p>
    );
  }
  return (
    <p className="notice model-status" role="status">
      {line}
      {status.phase === 'loading' && status.progress && <progress max={status.progress.total} value={status.progress.received} aria-label={kindText(t, status.texts[0])} />}
    </p>
  );
}
