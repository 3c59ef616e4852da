import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';

/** Start / Pause (one button: the action it takes now), Step, Reset and Load trained model. */
export function PlaygroundControls() {
  const t = useT();
  const status = usePlayground((s) => s.status);
  const step = usePlayground((s) => s.step);
  const hasModel = usePlayground((s) => s.config !== null);
  const { start, pause, stepOnce, reset, loadTrained } = usePlayground.getState();
  const busy = status === 'building' || status === 'loading';
  const running = status === 'running';
  const canTrain = hasModel && !busy;
  return (
    <div className="playground-controls" role="group" aria-label={t('pg.controls')}>
      {/* One element for Start and Pause, so keyboard focus stays on it when it switches. */}
      <button type="button" className="primary" onClick={running ? pause : start} disabled={!running && !canTrain}>
        {running ? t('pg.pause') : step > 0 ? t('pg.resume') : t('pg.start')}
      </button>
      <button type="button" className="secondary" onClick={stepOnce} disabled={!canTrain}>
        {t('pg.step')}
      </button>
      <button type="button" className="secondary" onClick={reset} disabled={status === 'building'}>
        {t('pg.reset')}
      </button>
      <button type="button" className="secondary" onClick={() => void loadTrained()} disabled={busy}>
        {t('pg.loadTrained')}
      </button>
    </div>
  );
}
