import type { MessageKey } from '../../i18n/catalog';
import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';
import type { PlaygroundState } from '../types';
import { modelFileProblemText } from './modelFileProblemText';
import { startButtonKey } from './startButton';

type ErrorCode = NonNullable<PlaygroundState['error']>['code'];

const ERROR_KEYS: Readonly<Record<ErrorCode, MessageKey>> = {
  fetch: 'pg.error.fetch',
  file: 'pg.error.file',
  engine: 'pg.error.engine',
  'no-model': 'pg.error.other',
  'bad-command': 'pg.error.other',
  send: 'pg.error.send',
};

/** Errors after which the model on screen is the one there was (nothing replaced it). */
const KEEPS_MODEL: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['fetch', 'file', 'send']);

/**
 * What the playground is doing, announced politely when it changes (not on every step: the step counter is in
 * the stats), and errors as an alert. A failed download or a refused file keeps the previous model, and says so.
 * A refused file's problem is translated; other errors show the engine's English sentence.
 */
export function PlaygroundStatus() {
  const t = useT();
  const status = usePlayground((s) => s.status);
  const source = usePlayground((s) => s.source);
  const error = usePlayground((s) => s.error);
  const hasModel = usePlayground((s) => s.config !== null);
  // Only the paused and ready messages show the step; while running, this does not re-render on every step.
  const step = usePlayground((s) => (s.status === 'paused' || s.status === 'ready' ? s.step : 0));

  let text: string;
  // Ready means not running: the button reads Start, or Resume for a model that has taken steps.
  const start = t(startButtonKey(false, step));
  if (status === 'ready') text = source === 'file' ? t('pg.status.readyFile', { step, start }) : t('pg.status.ready', { start });
  else if (status === 'paused') text = t('pg.status.paused', { step });
  else if (status === 'error') text = t(error && hasModel && KEEPS_MODEL.has(error.code) ? 'pg.status.notLoaded' : 'pg.status.error');
  else text = t(`pg.status.${status}`);

  return (
    <div className="playground-status">
      <p role="status" className="playground-status__text">
        {text}
      </p>
      {error && (
        <div role="alert" className="notice playground-status__error">
          <p>{t(ERROR_KEYS[error.code], { message: error.problem ? modelFileProblemText(t, error.problem, error.file ?? '') : error.message })}</p>
          {hasModel && KEEPS_MODEL.has(error.code) && <p>{t('pg.error.keptModel')}</p>}
        </div>
      )}
    </div>
  );
}
