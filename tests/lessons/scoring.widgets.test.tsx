import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addPositionalEncoding, createModel, embedTokens, multiHeadAttention, sliceCols, tokenize } from '../../src/engine';
import { translate } from '../../src/i18n/translate';
import { useUi } from '../../src/state/uiStore';
import { WidgetSlot } from '../../src/lessons/WidgetSlot';
import type { WidgetConfig } from '../../src/lessons/types';
import { scoringWidgets } from '../../src/lessons/widgets/scoring';
import { DEFAULT_SOURCE, DEFAULT_TARGET } from '../../src/lessons/widgets/CrossAttentionModel';
import { clampHalfWidth, SCORING_IDS } from '../../src/lessons/widgets/ScoreCompareModel';
import { computeCross, crossModel } from '../../src/run/experiments/crossAttention';
import { computeScoreMaps } from '../../src/run/experiments/scoreMaps';
import { computeLab } from '../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../src/state/labStore';
import { settleExperiments } from './settleExperiments';

const TEXT = 'the cat sat on the mat'; // 6 tokens

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT });
  act(() => useUi.setState({ locale: 'en' }));
});

const showCompare = (config?: WidgetConfig) => render(<WidgetSlot widget="score-compare" config={config} />);
const count = (id: string) => screen.getByTestId(`score-compare-count-${id}`).textContent;

/** Layer 1, head h of the lab for the current settings: its q and k slices and the engine's own weights. */
function labHead(h: number) {
  const lab = computeLab(settingsOf(useLab.getState()));
  if (!lab.ok) throw lab.error;
  const a = lab.layers[0].attention;
  const d = a.q.cols / a.heads.length;
  return { q: sliceCols(a.q, h * d, d), k: sliceCols(a.k, h * d, d), weights: a.heads[h].weights };
}

describe('scoring widgets: registry', () => {
  it('registers score-compare and cross-attention; both render in both languages without an error, NaN or a raw key', () => {
    expect(Object.keys(scoringWidgets).sort()).toEqual(['cross-attention', 'score-compare']);
    for (const locale of ['en', 'zh'] as const) {
      act(() => useUi.setState({ locale }));
      for (const id of ['score-compare', 'cross-attention'] as const) {
        const { container, unmount } = render(<WidgetSlot widget={id} />);
        expect(container.querySelector('.lesson-widget__error'), `${id} ${locale}`).toBeNull();
        expect(container.textContent, `${id} ${locale}`).not.toMatch(/NaN|undefined|lw\.scoring\./);
        unmount();
      }
    }
  });
});

describe('score-compare', () => {
  it('shows all seven maps for the lab sentence, each with its formula, a note and a cell count', async () => {
    showCompare();
    await settleExperiments();
    const group = screen.getByRole('group', { name: 'Seven ways to score a query against a key' });
    const names = ['Dot', 'Scaled dot', 'General (bilinear)', 'Additive / concat', 'Local-m', 'Local-p', 'Location-based'];
    for (const name of names) {
      const card = within(group).getByRole('region', { name });
      expect(card.querySelector('.wt-formula')).not.toBeNull();
      // The pressed one (Local-m at first) adds the words it shows: "…: shown below".
      expect(within(card).getByRole('button', { name: name === 'Local-m' ? `Show ${name} in detail: shown below` : `Show ${name} in detail` })).toBeInTheDocument();
    }
    expect(screen.getByTestId('score-compare-setup')).toHaveTextContent('your sentence’s 6 tokens, turned into queries and keys of width d = 8 by layer 1, head 1');
    // Full maps: every one of the 36 cells has some weight (softmax never gives exactly 0).
    for (const id of ['dot', 'scaled', 'general', 'additive', 'location']) expect(count(id)).toBe('36 of 36 cells get a weight above 0.');
    expect(screen.getByText(/random and untrained/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('the local-m D slider changes how many cells get weight: D = 1 → 16, D = 0 → 6, D = 2 → 24 of 36', async () => {
    showCompare();
    await settleExperiments();
    // |s − t| ≤ D on 6 tokens: D = 1 → 3·6 − 2 = 16 (the first and last rows lose one key each)
    expect(count('local-m')).toBe('16 of 36 cells get a weight above 0.');
    const slider = screen.getByRole('slider', { name: 'Window half-width D for local-m' });
    fireEvent.change(slider, { target: { value: '0' } });
    await settleExperiments();
    expect(count('local-m')).toBe('6 of 36 cells get a weight above 0.');
    fireEvent.change(slider, { target: { value: '2' } });
    await settleExperiments();
    // rows see 3, 4, 5, 5, 4, 3 keys
    expect(count('local-m')).toBe('24 of 36 cells get a weight above 0.');
    expect(screen.getByText('D = 2')).toBeInTheDocument();
    expect(count('dot')).toBe('36 of 36 cells get a weight above 0.');
  });

  it('config.d sets local-m’s starting D, clamped to the sentence; nonsense falls back to D = 1', async () => {
    const { unmount } = showCompare({ d: 0 });
    await settleExperiments();
    expect(count('local-m')).toBe('6 of 36 cells get a weight above 0.');
    unmount();
    const second = showCompare({ d: 99 });
    await settleExperiments();
    expect(count('local-m')).toBe('36 of 36 cells get a weight above 0.'); // D clamped to L − 1 = 5: everything
    second.unmount();
    showCompare({ d: 'wide' });
    await settleExperiments();
    expect(count('local-m')).toBe('16 of 36 cells get a weight above 0.');
    expect(clampHalfWidth(-3, 0, 5, 1)).toBe(0);
    expect(clampHalfWidth(Number.NaN, 1, 5, 2)).toBe(2);
  });

  it('local-p lists p_t per query, its rows sum to less than 1, and its D slider changes the window', async () => {
    showCompare();
    await settleExperiments();
    const centres = within(screen.getByTestId('score-compare-centres')).getAllByRole('listitem');
    expect(centres.map((li) => li.textContent?.split(':')[0])).toEqual(['1. the', '2. cat', '3. sat', '4. on', '5. the', '6. mat']);
    for (const li of centres) {
      const p = Number(li.textContent?.split(': ')[1]);
      expect(p > 0 && p < 6, li.textContent ?? '').toBe(true);
    }
    expect(screen.getByTestId('score-compare-rowsums').textContent).toMatch(/^Rows sum to 0\.\d{3} … (0\.\d{3}|1\.000), not 1\.$/);
    const before = count('local-p');
    const slider = screen.getByRole('slider', { name: 'Window half-width D for local-p' });
    fireEvent.change(slider, { target: { value: '6' } });
    await settleExperiments();
    expect(screen.getByText('D = 6, σ = 3.0')).toBeInTheDocument();
    expect(count('local-p')).toBe('36 of 36 cells get a weight above 0.');
    expect(before).not.toBe(count('local-p'));
  });

  it('a thumbnail opens its map below, with the window’s blocked keys hatched', async () => {
    showCompare();
    await settleExperiments();
    const detail = screen.getByTestId('score-compare-detail');
    expect(within(detail).getByRole('application')).toHaveAccessibleName('Local-m with D = 1: weights; hatched keys are outside the window: 6 queries × 6 keys');
    await userEvent.click(screen.getByRole('button', { name: 'Show Additive / concat in detail' }));
    await settleExperiments();
    expect(screen.getByRole('button', { name: 'Show Additive / concat in detail: shown below' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('score-compare-detail')).getByRole('application')).toHaveAccessibleName('Additive / concat: weights (rows = queries, columns = keys): 6 queries × 6 keys');
  });

  it('the scaled-dot map is exactly the lab’s layer 1 head map; the head picker follows the lab', async () => {
    useLab.setState({ selectedHead: 2 });
    showCompare({ focus: 'scaled' });
    await settleExperiments();
    expect(screen.getByTestId('score-compare-setup')).toHaveTextContent('head 3');
    const { q, k, weights } = labHead(2);
    const maps = computeScoreMaps({ q, k, seed: DEFAULT_SETTINGS.seed, localM: 1, localP: 2 });
    for (let i = 0; i < weights.data.length; i++) expect(maps.scaled.weights.data[i]).toBeCloseTo(weights.data[i], 6);
    await userEvent.selectOptions(screen.getByLabelText('Head'), '0');
    await settleExperiments();
    expect(useLab.getState().selectedHead).toBe(0);
  });

  it('every full map’s rows sum to 1 and the local-m map is 0 exactly outside the window', () => {
    const { q, k } = labHead(0);
    const maps = computeScoreMaps({ q, k, seed: 7, localM: 1, localP: 2 });
    for (const id of SCORING_IDS.filter((i) => i !== 'local-p')) {
      const [low, high] = maps[id].rowSumRange;
      expect(low, id).toBeCloseTo(1, 5);
      expect(high, id).toBeCloseTo(1, 5);
    }
    const m = maps['local-m'].weights;
    for (let t = 0; t < 6; t++) for (let s = 0; s < 6; s++) expect(m.data[t * 6 + s] === 0, `(${t}, ${s})`).toBe(Math.abs(s - t) > 1);
    expect(maps['local-p'].rowSumRange[1]).toBeLessThanOrEqual(1 + 1e-6);
  });

  it('a one-token sentence still draws every map (D sliders pinned at their smallest window)', async () => {
    useLab.setState({ text: 'hello' });
    showCompare();
    await settleExperiments();
    for (const id of SCORING_IDS) expect(count(id)).toBe('1 of 1 cells get a weight above 0.');
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('an empty sentence shows the engine’s message instead of maps', async () => {
    useLab.setState({ text: '   ' });
    const { container } = showCompare();
    await settleExperiments();
    expect(container.textContent).toMatch(/Type a sentence/);
    expect(screen.queryByRole('group')).toBeNull();
  });
});

describe('cross-attention', () => {
  const show = () => render(<WidgetSlot widget="cross-attention" />);

  it('the example pair gives a rectangular map: 7 target rows (今天天气很好。) × 6 source columns', async () => {
    show();
    await settleExperiments();
    expect(screen.getByTestId('cross-shape')).toHaveTextContent('Cross-attention weights: 7 target rows × 6 source columns. Output: 7 × 8');
    expect(screen.getByRole('application', { name: 'Cross-attention: target queries × source keys: 7 queries × 6 keys' })).toBeInTheDocument();
    expect(screen.queryByTestId('self-shape')).toBeNull();
  });

  it('the toggle adds the target’s self-attention, target × target', async () => {
    show();
    await settleExperiments();
    const toggle = screen.getByRole('button', { name: 'Also show the target’s self-attention' });
    await userEvent.click(toggle);
    await settleExperiments();
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('self-shape')).toHaveTextContent('Self-attention weights: 7 × 7');
    expect(screen.getByRole('application', { name: 'Self-attention of the target: target × target: 7 queries × 7 keys' })).toBeInTheDocument();
    await userEvent.click(toggle);
    await settleExperiments();
    expect(screen.queryByTestId('self-shape')).toBeNull();
  });

  it('typing a new source changes the number of columns', async () => {
    show();
    await settleExperiments();
    const source = screen.getByLabelText('Source sentence (gives the keys and values)');
    await userEvent.clear(source);
    await settleExperiments();
    await userEvent.type(source, 'Nice day');
    await settleExperiments();
    expect(screen.getByTestId('cross-shape')).toHaveTextContent('7 target rows × 2 source columns');
  });

  it('an empty source or target shows a message, no map and no NaN; the example comes back', async () => {
    show();
    await settleExperiments();
    const source = screen.getByLabelText('Source sentence (gives the keys and values)');
    await userEvent.clear(source);
    await settleExperiments();
    expect(screen.getByTestId('cross-empty')).toHaveTextContent('The source sentence is empty.');
    expect(screen.queryByRole('application')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the example' }));
    await settleExperiments();
    const target = screen.getByLabelText('Target sentence (gives the queries)');
    await userEvent.clear(target);
    await settleExperiments();
    await userEvent.type(target, '   ');
    await settleExperiments();
    expect(screen.getByTestId('cross-empty')).toHaveTextContent('The target sentence is empty.');
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('a lab width the heads do not divide shows the engine’s message', async () => {
    useLab.setState({ embedDim: 30, numHeads: 4 });
    const { container } = show();
    await settleExperiments();
    expect(container.querySelector('.lesson-widget__error')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(translate('en', 'error.heads-do-not-divide', { embedDim: 30, numHeads: 4 }));
  });

  it('matches the engine’s own multi-head cross-attention (keys and values from the source) and the lab’s layer 1 weights', () => {
    const settings = { embedDim: 32, numHeads: 4, numLayers: 2, seed: 7, positionalEncoding: true };
    const model = crossModel(settings);
    const params = createModel({ embedDim: 32, numHeads: 4, numLayers: 2, seed: 7 })[0].attention;
    expect(Array.from(model.weights[0].attention.wQ.data)).toEqual(Array.from(params.wQ.data));
    const r = computeCross({ source: DEFAULT_SOURCE, target: DEFAULT_TARGET, settings, head: 1 });
    if (!r.ok) throw new Error(r.reason);
    const embed = (text: string) => addPositionalEncoding(embedTokens(tokenize(text).tokens.map((t) => t.text), 32, 7));
    const mha = multiHeadAttention(embed(DEFAULT_TARGET), params, {}, embed(DEFAULT_SOURCE));
    expect([r.cross.weights.rows, r.cross.weights.cols]).toEqual([7, 6]);
    for (let i = 0; i < r.cross.weights.data.length; i++) expect(r.cross.weights.data[i]).toBeCloseTo(mha.heads[1].weights.data[i], 6);
    for (let row = 0; row < 7; row++) {
      let s = 0;
      for (let c = 0; c < 6; c++) s += r.cross.weights.data[row * 6 + c];
      expect(s).toBeCloseTo(1, 6);
    }
  });
});
