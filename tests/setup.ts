import '@testing-library/jest-dom/vitest';
// The app's interface text, as every entry point installs it (src/messages.ts).
import '../src/messages';

// jsdom has no 2-D canvas and logs "Not implemented" for every getContext call; the components already treat a
// null context as "nothing to paint", so say so quietly. Tests that need a context spy on this method.
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = function getContext() {
    return null;
  } as typeof HTMLCanvasElement.prototype.getContext;
}

// Lessons, the guide and the playground are loaded on demand (code split); on a shared two-core machine the first
// import under a full parallel run can take longer than Testing Library's default 1 s wait for findBy*/waitFor
// (15 s: a CI run on an oversubscribed machine once took over 5 s to draw the predictions embed).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}
