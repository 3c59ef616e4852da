import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';
import { formatLoss, formatPercent, formatRate } from './format';

/**
 * The numbers of the run: step, the last batch's loss and accuracy, held-out accuracy (token and whole sequence)
 * and the training speed. Each value has data-stat so tests (and instructors' scripts) can read it.
 */
export function TrainingStats() {
  const t = useT();
  const step = usePlayground((s) => s.step);
  const last = usePlayground((s) => s.history[s.history.length - 1]);
  const heldOut = usePlayground((s) => s.heldOut);
  // The speed of training now: none while paused or stopped (the last figure would read as still running).
  const stepsPerSecond = usePlayground((s) => (s.status === 'running' ? s.stepsPerSecond : 0));
  const vocab = usePlayground((s) => s.config?.vocab);
  const rows: readonly [string, string, string][] = [
    ['step', t('pg.stats.step'), String(step)],
    ['loss', t('pg.stats.loss'), formatLoss(last?.loss)],
    ['accuracy', t('pg.stats.accuracy'), formatPercent(last?.accuracy)],
    ['held-out', t('pg.stats.heldOut'), formatPercent(heldOut?.accuracy)],
    ['sequences', t('pg.stats.sequences'), formatPercent(heldOut?.sequenceAccuracy)],
    ['speed', t('pg.stats.speed'), formatRate(stepsPerSecond)],
  ];
  return (
    <section className="playground-stats" aria-labelledby="playground-stats-title">
      <h3 id="playground-stats-title">{t('pg.stats.title')}</h3>
      <dl>
        {rows.map(([key, label, value]) => (
          <div key={key} className="playground-stats__row">
            <dt>{label}</dt>
            <dd data-stat={key}>{value}</dd>
          </div>
        ))}
      </dl>
      {vocab !== undefined && <p className="hint">{t('pg.stats.heldOutNote', { chance: formatPercent(1 / vocab, 0) })}</p>}
    </section>
  );
}
