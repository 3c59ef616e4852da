import { useEffect, useId, useState, type FormEvent } from 'react';
import { TASK_NAMES, type TaskName } from '../../engine/train/types';
import { configFromParams } from '../playgroundUrl';
import { usePlayground } from '../playgroundStore';
import { useT } from '../../i18n/translate';
import { PLAYGROUND_LIMITS } from '../types';
import { headChoices, LAYER_CHOICES, LEARNING_RATE_CHOICES, WIDTH_CHOICES, withCurrent } from './formOptions';

/** A whole number within the seed's limits, or null. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return seed >= PLAYGROUND_LIMITS.seed.min && seed <= PLAYGROUND_LIMITS.seed.max ? seed : null;
}

const previewText = (text: string): string => (Array.from(text).length > 24 ? `${Array.from(text).slice(0, 23).join('')}…` : text);

/** Task, architecture, learning rate and seed. Every change builds a new untrained model (and rewrites the URL). */
export function PlaygroundForm() {
  const t = useT();
  const params = usePlayground((s) => s.params);
  const setParams = usePlayground((s) => s.setParams);
  const id = useId();
  const [seedText, setSeedText] = useState(String(params.seed));
  const [seedError, setSeedError] = useState<string | null>(null);
  useEffect(() => {
    setSeedText(String(params.seed));
    setSeedError(null);
  }, [params.seed]);

  const { config, settings } = configFromParams(params);
  const applySeed = (event: FormEvent) => {
    event.preventDefault();
    const seed = parseSeed(seedText);
    if (seed === null) {
      setSeedError(t('pg.form.seedInvalid', { value: previewText(seedText.trim()), max: PLAYGROUND_LIMITS.seed.max, seed: params.seed }));
      return;
    }
    setSeedError(null);
    setParams({ seed });
  };
  const numberSelect = (name: 'layers' | 'heads' | 'width' | 'learningRate', label: string, options: readonly number[]) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      <select id={`${id}-${name}`} value={String(params[name])} onChange={(e) => setParams({ [name]: Number(e.target.value) })}>
        {options.map((v) => (
          <option key={v} value={String(v)}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form className="playground-form" onSubmit={applySeed}>
      <fieldset>
        <legend>{t('pg.form.legend')}</legend>
        <label htmlFor={`${id}-task`}>
          {t('pg.form.task')}
          <select id={`${id}-task`} value={params.task} onChange={(e) => setParams({ task: e.target.value as TaskName })}>
            {TASK_NAMES.map((task) => (
              <option key={task} value={task}>
                {t(`pg.task.${task}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="playground-form__about">{t(`pg.about.${params.task}`)}</p>
        <div className="playground-form__grid">
          {numberSelect('layers', t('pg.form.layers'), withCurrent(LAYER_CHOICES, params.layers))}
          {numberSelect('heads', t('pg.form.heads'), withCurrent(headChoices(params.width), params.heads))}
          {numberSelect('width', t('pg.form.width'), withCurrent(WIDTH_CHOICES, params.width))}
          {numberSelect('learningRate', t('pg.form.lr'), withCurrent(LEARNING_RATE_CHOICES, params.learningRate))}
        </div>
        <div className="playground-form__seed">
          <label htmlFor={`${id}-seed`}>
            {t('pg.form.seed')}
            <input
              id={`${id}-seed`}
              type="text"
              inputMode="numeric"
              value={seedText}
              aria-invalid={seedError !== null}
              aria-describedby={seedError !== null ? `${id}-seed-error` : undefined}
              onChange={(e) => setSeedText(e.target.value)}
            />
          </label>
          <button type="submit" className="secondary" disabled={seedText.trim() === String(params.seed)}>
            {t('pg.form.seedApply')}
          </button>
        </div>
        {seedError !== null && (
          <p id={`${id}-seed-error`} className="playground-form__error" role="alert">
            {seedError}
          </p>
        )}
        <p className="hint">{t('pg.form.note', { dk: config.width / config.heads, ffn: config.ffnWidth, batch: settings.batchSize })}</p>
      </fieldset>
    </form>
  );
}
