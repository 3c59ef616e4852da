import { act, render, screen } from '@testing-library/react';
import { MAX_TOKENS, tokenize } from '../../src/engine';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { DEFAULT_EMBED_OPTIONS, EMBED_WIDGETS } from '../../src/shared/embedContract';
import { EMBED_MIN_TOKENS, EMBED_UPDATE_BUDGET_MS, embedTokenLimit, estimatedUpdateMs } from '../../src/widgets/embedWorkBudget';
import { EmbedView } from '../../src/widgets/EmbedView';

const LARGEST = { embedDim: 128, numHeads: 16, numLayers: 4 };
const DEFAULT_MODEL = { embedDim: DEFAULT_SETTINGS.embedDim, numHeads: DEFAULT_SETTINGS.numHeads, numLayers: DEFAULT_SETTINGS.numLayers };
const words = (n: number): string => Array.from({ length: n }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join(' ');

describe('embed work budget', () => {
  it('keeps the estimated work of every widget within the budget, or at the minimum length', () => {
    for (const widget of EMBED_WIDGETS) {
      for (const model of [LARGEST, DEFAULT_MODEL, { embedDim: 64, numHeads: 8, numLayers: 2 }]) {
        const limit = embedTokenLimit(widget, model);
        expect(limit).toBeGreaterThanOrEqual(EMBED_MIN_TOKENS);
        expect(limit).toBeLessThanOrEqual(MAX_TOKENS);
        if (limit > EMBED_MIN_TOKENS) expect(estimatedUpdateMs(widget, model, limit)).toBeLessThanOrEqual(EMBED_UPDATE_BUDGET_MS);
        if (limit < MAX_TOKENS) expect(estimatedUpdateMs(widget, model, limit + 1)).toBeGreaterThan(EMBED_UPDATE_BUDGET_MS);
      }
    }
  });

  it('cuts the heaviest settings the app allows (512 tokens, d=128, 16 heads, 4 layers) well below 512, and the default heatmap not at all', () => {
    expect(embedTokenLimit('heads-grid', LARGEST)).toBeLessThan(128);
    expect(embedTokenLimit('heatmap', DEFAULT_MODEL)).toBe(MAX_TOKENS);
  });

  it('shows the heads grid of a 512-word text on the heaviest model with the cut said on screen', async () => {
    act(() => useUi.setState({ locale: 'en' }));
    useLab.setState({ ...DEFAULT_SETTINGS, ...LARGEST, model: 'untrained', text: words(512) });
    const limit = embedTokenLimit('heads-grid', LARGEST);
    render(<EmbedView options={{ ...DEFAULT_EMBED_OPTIONS, widget: 'heads-grid' }} />);
    expect(await screen.findByText(`The text has 512 tokens; this widget computes the first ${limit}, so that the page around it stays responsive with these settings. The lab shows more.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 4, head 16' })).toBeInTheDocument();
    expect(tokenize(words(512)).tokens.length).toBe(512);
  });
});
