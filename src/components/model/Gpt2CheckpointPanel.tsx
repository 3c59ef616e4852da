import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { gpt2ErrorText } from './gpt2ErrorText';
import { percentRead } from '../../models/modelStatus';
import { useT, type Translate } from '../../i18n/translate';
import { GPT2_TOKEN_LIMIT } from '../../models/gpt2/gpt2Runs';
import { closeCheckpoint, gpt2Store, openCheckpointFiles, openCheckpointUrl, type CheckpointSummary, type Gpt2State } from '../../models/gpt2/gpt2Store';
import { gigabytes } from '../../models/gpt2/readCheckpoint';

function summaryLine(summary: CheckpointSummary, t: Translate): string {
  const { config } = summary;
  const params = (summary.memoryBytes / 8 / 1e6).toFixed(0); // memory is the float32 weights twice
  return t('gpt2.summary', { layers: config.numLayers, heads: config.numHeads, width: config.embedDim, params, dtypes: summary.dtypes || '?', memory: gigabytes(summary.memoryBytes) });
}

/** Where the checkpoint stands, in words: progress, what it is, or why it could not be opened. */
function Gpt2Status({ state }: { readonly state: Gpt2State }) {
  const t = useT();
  if (state.status === 'none') return null;
  if (state.status === 'error') {
    return (
      // Not an alert: the line above the views (ModelStatusLine) announces it once.
      <p className="notice model-status model-status--error">{t('gpt2.error', { message: gpt2ErrorText(t, state) })}</p>
    );
  }
  const name = state.source.split('/').pop() ?? state.source;
  if (state.status === 'reading') {
    const line =
      state.total !== null && state.total > 0
        ? t('gpt2.reading', { name, percent: percentRead(state.received, state.total) })
        : t('gpt2.readingBytes', { name, mb: (state.received / 1e6).toFixed(0) });
    return (
      <div className="notice model-status" role="status">
        {state.summary && <p>{summaryLine(state.summary, t)}</p>}
        <p>{line}</p>
        {state.total !== null && state.total > 0 && <progress max={state.total} value={state.received} aria-label={line} />}
      </div>
    );
  }
  if (state.status === 'preparing') {
    return (
      <div className="notice model-status" role="status">
        <p>{summaryLine(state.summary, t)}</p>
        <p>{t(state.stage === 'decoding' ? 'gpt2.decoding' : 'gpt2.packing')}</p>
        <progress aria-label={t(state.stage === 'decoding' ? 'gpt2.decoding' : 'gpt2.packing')} />
      </div>
    );
  }
  return (
    <div className="gpt2-panel__ready" role="status">
      <p>{summaryLine(state.summary, t)}</p>
      <p>{t('gpt2.ready', { name, seconds: state.loadSeconds.toFixed(1), limit: Math.min(GPT2_TOKEN_LIMIT, state.model.weights.nPositions) })}</p>
      <button type="button" className="secondary" onClick={closeCheckpoint}>
        {t('gpt2.close')}
      </button>
    </div>
  );
}

/**
 * "Open a GPT-2 checkpoint…": the two files from the student's disk (read here, never uploaded), or a folder on this
 * site that holds them; then progress, the model's size and memory, or the reason it was refused.
 */
export function Gpt2CheckpointPanel() {
  const t = useT();
  const state = useStore(gpt2Store);
  const [url, setUrl] = useState('');
  const fileId = useId();
  const urlId = useId();
  const busy = state.status === 'reading' || state.status === 'preparing';
  return (
    <div className="gpt2-panel">
      <label htmlFor={fileId}>{t('gpt2.choose')}</label>
      <input
        id={fileId}
        type="file"
        multiple
        accept=".safetensors,.json,application/json"
        disabled={busy}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          if (files.length > 0) void openCheckpointFiles(files);
          event.currentTarget.value = ''; // choosing the same files again opens them again
        }}
      />
      <p className="hint">{t('gpt2.chooseHint')}</p>
      <form
        className="gpt2-panel__url"
        onSubmit={(event) => {
          event.preventDefault();
          if (url.trim() !== '') void openCheckpointUrl(url.trim());
        }}
      >
        <label htmlFor={urlId}>{t('gpt2.url')}</label>
        <input id={urlId} type="text" inputMode="url" placeholder="models/gpt2/" value={url} disabled={busy} onChange={(event) => setUrl(event.currentTarget.value)} />
        <button type="submit" className="secondary" disabled={busy || url.trim() === ''}>
          {t('gpt2.open')}
        </button>
      </form>
      <Gpt2Status state={state} />
    </div>
  );
}
