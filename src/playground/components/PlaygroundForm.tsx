import { useId } from 'react';
import { TASK_NAMES, type TaskName } from '../../engine/train/types';
import { configFromParams } from '../playgroundUrl';
import { usePlayground } from '../playgroundStore';
import { LabeledSelect } from '../../components/controls/LabeledSelect';
import { useT } from '../../i18n/translate';
import { headChoices, LAYER_CHOICES, LEARNING_RATE_CHOICES, relativeWork, WIDTH_CHOICES, withCurrent } from './formOptions';
import { SeedField } from './SeedField';

/** Task, architecture, learning rate and seed. Every change builds a new untrained model (and rewrites the URL). */
export function PlaygroundForm() {
  const t = useT();
  const params = usePlayground((s) => s.params);
  const setParams = usePlayground((s) => s.setParams);
  const id = useId();
  const { config, settings } = configFromParams(params);
  const work = relativeWork(config.layers, config.width, config.seqLen, config.vocab);
  const numberSelect = (name: 'layers' | 'heads' | 'width' | 'learningRate', label: string, options: readonly number[]) => (
    <LabeledSelect id={`${id}-${name}`} label={label} value={params[name]} options={options} onChange={(value) => setParams({ [name]: Number(value) })} />
  );

  return (
    <div className="playground-form">
      <fieldset>
        <legend>{t('pg.form.legend')}</legend>
        <LabeledSelect
          id={`${id}-task`}
          label={t('pg.form.task')}
          value={params.task}
          options={TASK_NAMES}
          optionLabel={(task) => t(`pg.task.${task}`)}
          onChange={(task) => setParams({ task: task as TaskName })}
        />
        <p className="playground-form__about">{t(`pg.about.${params.task}`)}</p>
        <div className="playground-form__grid">
          {numberSelect('layers', t('pg.form.layers'), withCurrent(LAYER_CHOICES, params.layers))}
          {numberSelect('heads', t('pg.form.heads'), withCurrent(headChoices(params.width), params.heads))}
          {numberSelect('width', t('pg.form.width'), withCurrent(WIDTH_CHOICES, params.width))}
          {numberSelect('learningRate', t('pg.form.lr'), withCurrent(LEARNING_RATE_CHOICES, params.learningRate))}
        </div>
        <label className="playground-form__check" htmlFor={`${id}-causal`}>
          <input id={`${id}-causal`} type="checkbox" checked={params.causal} onChange={(e) => setParams({ causal: e.target.checked })} />
          {t('pg.form.causal')}
        </label>
        <p className="hint">{t(`pg.form.causalAbout.${params.task}`)}</p>
        <SeedField key={params.seed} seed={params.seed} onSeed={(seed) => setParams({ seed })} />
        {work >= 4 && <p className="hint playground-form__cost">{t('pg.form.cost', { n: work })}</p>}
        <p className="hint">{t('pg.form.note', { dk: config.width / config.heads, ffn: config.ffnWidth, batch: settings.batchSize })}</p>
      </fieldset>
    </div>
  );
}
