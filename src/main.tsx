import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initUrlSync } from './state/urlSync';
import './styles.css';

// The link's settings are in the store before the first render, so a shared view never flashes the defaults.
initUrlSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
