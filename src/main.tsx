// First: installs the interface text before any module that translates is evaluated.
import './messages';
import { startTransition, StrictMode } from 'react';
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
  const root = createRoot(document.getElementById('root')!);
  // The first drawing in a transition: React renders it in slices that yield to the browser, so a page opened on a
  // long text (or the whole lab at once) never holds the main thread in one long task while it builds.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The SIMD kernels compile in a few milliseconds; without SIMD (or on any failure) the TypeScript engine is used.
enableFastAttention()
  .catch(() => false)
  .finally(render);
