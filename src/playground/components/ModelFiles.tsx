import { useId, useState, type ChangeEvent } from 'react';
import { downloadBlob } from '../../components/export/download';
import { sizeRefusal } from '../../engine/train/modelFileText';
import { useT } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';
import { trainingCsv } from './trainingCsv';

/** The limit is the engine's, checked again by the worker on the text. */
export { MAX_MODEL_FILE_BYTES } from '../../engine/train/modelFileText';

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
    // Checked before reading: a huge file is never read into memory.
    const tooLarge = sizeRefusal(file.size);
    if (tooLarge !== null) {
      refuse(tooLarge, file.name);
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      refuse({ problem: { reason: 'unreadable', params: {} }, message: 'The file could not be read.' }, file.name);
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
