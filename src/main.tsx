// First: installs the interface text before any module that translates is evaluated.
import './messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { enableFastAttention } from './engine';
import { registerPageWorkers } from './models/pageWorkers';
import { initUrlSync } from './state/url/urlSync';
import './styles.css';

// Every model kind's workers start from this page's own origin (src/models/pageWorkers.ts).
registerPageWorkers();

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
