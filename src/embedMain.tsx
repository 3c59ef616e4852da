// First: installs the interface text before any module that translates is evaluated.
import './messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepUiPreferencesInMemory, useUi } from './state/uiStore';
import { enableFastAttention } from './engine';
import { openCheckpointOfQuery } from './state/gpt2/checkpointLink';
import { setEncoderWorkerFactory } from './state/encoderWorker/encoderRuns';
import { setGenerationWorkerFactory } from './state/generation/generateOffThread';
import { setGpt2WorkerFactory } from './state/gpt2/gpt2Client';
import { openCheckpointUrl } from './state/gpt2/gpt2Store';
import { setProbeWorkerFactory } from './state/probeOffThread';
import { DEFAULT_SETTINGS, useLab } from './state/labStore';
import { acceptMessages } from './widgets/acceptMessages';
import { EmbedApp } from './widgets/EmbedApp';
import { parseEmbedQuery } from './widgets/parseEmbedQuery';
import { reportHeight } from './widgets/reportHeight';
import './styles.css';

// Read once: an embed never rewrites its URL (it lives in someone else's page, and its link is the instructor's).
const parsed = parseEmbedQuery(window.location.search);

// A language chosen by an embed link is for this frame only (what was saved was read through the validating,
// never-throwing storage when the store was created, so a blocked or corrupt storage cannot stop the frame).
keepUiPreferencesInMemory();
useLab.setState({ ...DEFAULT_SETTINGS, ...parsed.settings });
// model=<a checkpoint on the app's own site>: the embed opens it (another origin is refused with a sentence).
openCheckpointOfQuery(window.location.search, (link) => openCheckpointUrl(link));
if (parsed.locale) useUi.setState({ locale: parsed.locale });

acceptMessages({ locked: parsed.options.locked });
reportHeight();

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <EmbedApp parsed={parsed} />
    </StrictMode>,
  );
}

// The trained model's induction probe runs in a worker from this page's own origin (src/state/probeOffThread.ts).
setProbeWorkerFactory(() => new Worker(new URL('./state/probeWorker.ts', import.meta.url), { type: 'module' }));
// An opened GPT-2 checkpoint lives and runs in its own worker (src/state/gpt2/gpt2Worker.ts).
setGpt2WorkerFactory(() => new Worker(new URL('./state/gpt2/gpt2Worker.ts', import.meta.url), { type: 'module' }));
// Text generation with the trained model runs in a worker (src/state/generation/generateOffThread.ts).
setGenerationWorkerFactory(() => new Worker(new URL('./state/generation/generationWorker.ts', import.meta.url), { type: 'module' }));
// The untrained encoder runs long texts (over 128 tokens) in a worker (src/state/encoderWorker/encoderRuns.ts).
setEncoderWorkerFactory(() => new Worker(new URL('./state/encoderWorker/encoderWorker.ts', import.meta.url), { type: 'module' }));

// As in the lab: the SIMD kernels compile in a few milliseconds; without SIMD (or on any failure) TypeScript computes.
enableFastAttention()
  .catch(() => false)
  .finally(render);
