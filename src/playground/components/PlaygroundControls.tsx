import { useRef, useState } from 'react';
import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';
import type { TinyModelConfig } from '../../engine/train/types';
import { LoadTrainedConfirm } from './LoadTrainedConfirm';
import { startButtonKey } from './startButton';
import { trainedSinceLoad } from './trainedSinceLoad';

/**
 * Start / Pause (one button: the action it takes now), Step, Reset and Load trained model. Load asks first when
 * the model on screen has been trained since it was built or loaded.
 */
export function PlaygroundControls() {
  const t = useT();
  const status = usePlayground((s) => s.status);
  const step = usePlayground((s) => s.step);
  const config = usePlayground((s) => s.config);
  const trained = usePlayground(trainedSinceLoad);
  const { start, pause, stepOnce, reset, loadTrained } = usePlayground.getState();
  // The model the question is about (the store keeps the config object until another model is ready), so the
  // question goes away by itself when Reset or new settings replace that model first.
  const [askedFor, setAskedFor] = useState<TinyModelConfig | null>(null);
  const loadButton = useRef<HTMLButtonElement>(null);
  const busy = status === 'building' || status === 'loading';
  const running = status === 'running';
  const canTrain = config !== null && !busy;
  const asking = askedFor !== null && askedFor === config && trained;

  const answer = (replace: boolean) => {
    setAskedFor(null);
    loadButton.current?.focus();
    if (replace) void loadTrained();
  };
  const load = () => {
    if (trained && config !== null) setAskedFor(config);
    else void loadTrained();
  };

  return (
    <>
      <div className="playground-controls" role="group" aria-label={t('pg.controls')}>
        {/* One element for Start and Pause, so keyboard focus stays on it when it switches. */}
        <button type="button" className="primary" onClick={running ? pause : start} disabled={!running && !canTrain}>
          {t(startButtonKey(running, step))}
        </button>
        <button type="button" className="secondary" onClick={stepOnce} disabled={!canTrain}>
          {t('pg.step')}
        </button>
        <button type="button" className="secondary" onClick={reset} disabled={status === 'building'}>
          {t('pg.reset')}
        </button>
        <button type="button" className="secondary" ref={loadButton} onClick={load} disabled={busy}>
          {t('pg.loadTrained')}
        </button>
      </div>
      {asking && <LoadTrainedConfirm step={step} onReplace={() => answer(true)} onKeep={() => answer(false)} />}
    </>
  );
}
