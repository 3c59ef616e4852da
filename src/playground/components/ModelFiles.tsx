import { useId, useState, type ChangeEvent } from 'react';
import { downloadBlob } from '../../components/export/download';
import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';
import { trainingCsv } from './trainingCsv';

/** Larger than any model the form can build (4 layers of width 128 is about 3 MB of JSON). */
export const MAX_MODEL_FILE_BYTES = 10 * 1024 * 1024;

/**
 * Save the model being trained as a weights file (the format of the shipped models, so Open reads it back),
 * open such a file, and save the chart's numbers as CSV.
 */
export function ModelFiles() {
  const t = useT();
  const id = useId();
  const hasModel = usePlayground((s) => s.config !== null);
  const busy = usePlayground((s) => s.status === 'building' || s.status === 'loading');
  const hasChart = usePlayground((s) => s.history.length > 0 || s.heldOutHistory.length > 0);
  const [message, setMessage] = useState('');

  const save = async () => {
    const file = await usePlayground.getState().exportWeights();
    if (file === null) return;
    const name = `attention-lab-${file.config.task}-step${file.step}.json`;
    downloadBlob(name, new Blob([JSON.stringify(file)], { type: 'application/json;charset=utf-8' }));
    setMessage(t('pg.files.saved', { name }));
  };
  const saveCsv = () => {
    const { history, heldOutHistory, params, step } = usePlayground.getState();
    const name = `attention-lab-${params.task}-training-step${step}.csv`;
    downloadBlob(name, new Blob([trainingCsv(history, heldOutHistory)], { type: 'text/csv;charset=utf-8' }));
    setMessage(t('pg.files.saved', { name }));
  };
  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setMessage('');
    const { loadFile, refuseFile: refuse } = usePlayground.getState();
    if (file.size > MAX_MODEL_FILE_BYTES) {
      refuse(t('pg.files.tooLarge', { name: file.name, size: (file.size / 1048576).toFixed(1) }));
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      refuse(t('pg.files.unreadable', { name: file.name }));
      return;
    }
    await loadFile(text, file.name);
  };

  return (
    <div className="playground-files" role="group" aria-label={t('pg.files.title')}>
      <button type="button" className="secondary" onClick={() => void save()} disabled={!hasModel || busy}>
        {t('pg.files.save')}
      </button>
      <label className="playground-files__open secondary" htmlFor={`${id}-open`}>
        {t('pg.files.open')}
      </label>
      <input id={`${id}-open`} className="playground-files__input" type="file" accept=".json,application/json" onChange={(e) => void open(e)} disabled={busy} />
      <button type="button" className="secondary" onClick={saveCsv} disabled={!hasChart}>
        {t('pg.files.csv')}
      </button>
      <p className="playground-files__message" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
