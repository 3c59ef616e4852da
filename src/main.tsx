// First: installs the interface text before any module that translates is evaluated.
import './messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { enableFastAttention } from './engine';
import { setEncoderWorkerFactory } from './state/encoderWorker/encoderRuns';
import { setGenerationWorkerFactory } from './state/generation/generateOffThread';
import { setGpt2WorkerFactory } from './state/gpt2/gpt2Client';
import { setProbeWorkerFactory } from './state/probeOffThread';
import { initUrlSync } from './state/urlSync';
import './styles.css';

// The trained model's induction probe runs in a worker from this page's own origin (src/state/probeOffThread.ts).
setProbeWorkerFactory(() => new Worker(new URL('./state/probeWorker.ts', import.meta.url), { type: 'module' }));
// An opened GPT-2 checkpoint lives and runs in its own worker (src/state/gpt2/gpt2Worker.ts).
setGpt2WorkerFactory(() => new Worker(new URL('./state/gpt2/gpt2Worker.ts', import.meta.url), { type: 'module' }));
// Text generation with the trained model runs in a worker (src/state/generation/generateOffThread.ts).
setGenerationWorkerFactory(() => new Worker(new URL('./state/generation/generationWorker.ts', import.meta.url), { type: 'module' }));
// The untrained encoder runs long texts (over 128 tokens) in a worker (src/state/encoderWorker/encoderRuns.ts).
setEncoderWorkerFactory(() => new Worker(new URL('./state/encoderWorker/encoderWorker.ts', import.meta.url), { type: 'module' }));

// The link's settings are in the store before the first render, so a shared view never flashes the defaults.
initUrlSync();

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The SIMD kernels compile in a few milliseconds; without SIMD (or on any failure) the TypeScript engine is used.
enableFastAttention()
  .catch(() => false)
  .finally(render);
