// First: installs the interface text before any module that translates is evaluated.
import './messages';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepUiPreferencesInMemory, useUi } from './state/uiStore';
import { enableFastAttention } from './engine';
import { registerPageWorkers } from './models/pageWorkers';
import { modelKinds } from './models/registry';
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
// model=<a checkpoint on the app's own site>: its kind opens it (another origin is refused with a sentence).
for (const kind of modelKinds()) kind.link?.openFromQuery(window.location.search);
if (parsed.locale) useUi.setState({ locale: parsed.locale });

acceptMessages({ locked: parsed.options.locked });
reportHeight();

function render(): void {
  const root = createRoot(document.getElementById('root')!);
  // The first drawing in a transition: React renders it in slices that yield to the browser, so a page opened on a
  // long text (or the whole lab at once) never holds the main thread in one long task while it builds.
  startTransition(() =>
    root.render(
      <StrictMode>
        <EmbedApp parsed={parsed} />
      </StrictMode>,
    ),
  );
}

// Every model kind's workers start from this page's own origin (src/models/pageWorkers.ts).
registerPageWorkers();

// As in the lab: the SIMD kernels compile in a few milliseconds; without SIMD (or on any failure) TypeScript computes.
enableFastAttention()
  .catch(() => false)
  .finally(render);
