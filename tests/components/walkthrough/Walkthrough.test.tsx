import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatValue } from '../../../src/components/heatmap/heatmapModel';
import { Walkthrough } from '../../../src/components/walkthrough';
import { GRID_DIGITS } from '../../../src/components/walkthrough/MatrixView';
import { runModel, sinusoidalPositionalEncoding, type Matrix } from '../../../src/engine';
import { useUi } from '../../../src/state/uiStore';
import { computeLab, type LabComputation } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, POST_LN_STEPS, PRE_LN_STEPS, useWalkthrough } from '../../../src/state/walkthroughStore';
import { settleExperiments } from '../../lessons/settleExperiments';

// A short sentence so every [tokens × d_k] and [query × key] matrix is a number grid (≤ 12 × 16).
const TEXT = 'the cat sat on the mat';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT, selectedLayer: 1, selectedHead: 2 });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  act(() => useUi.setState({ locale: 'en' }));
});

function lab(): LabComputation {
  const r = computeLab(settingsOf(useLab.getState()));
  if (!r.ok) throw r.error;
  return r;
}

const at = (m: Matrix, r: number, c: number) => m.data[r * m.cols + c];
const matrix = (name: string) => document.querySelector<HTMLElement>(`[data-matrix="${name}"]`)!;
const cell = (name: string, q: number, k: number) => matrix(name).querySelector<HTMLElement>(`td[data-q="${q}"][data-k="${k}"]`)!;
const row = (name: string, r: number) => matrix(name).querySelector<HTMLElement>(`tr[data-row="${r}"]`)!;
const stepHeading = () => screen.getByRole('heading', { level: 3, name: (_, el) => el.classList.contains('wt-step__title') });

describe('Walkthrough navigation', () => {
  it('Next and Back move through the steps; Back is disabled on the first and Next on the last', async () => {
    render(<Walkthrough />);
    expect(stepHeading()).toHaveTextContent('Tokens');
    expect(screen.getByRole('button', { name: /Back/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(stepHeading()).toHaveTextContent('Embeddings + positional encoding');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(stepHeading()).toHaveTextContent('Q, K, V projections');
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(useWalkthrough.getState().step).toBe('embeddings');
    for (let i = 0; i < POST_LN_STEPS.length; i++) await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(stepHeading()).toHaveTextContent('Layer norm 2');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    // Renders every step of the walkthrough in jsdom: ~2 s alone, more when the whole suite shares two cores (the
    // config's 60 s budget covers it).
  });

  it('← and → move between steps when focus is inside, but not while typing in an input', async () => {
    render(
      <>
        <input aria-label="outside" />
        <Walkthrough />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(useWalkthrough.getState().step).toBe('scores');
    await userEvent.keyboard('{ArrowLeft}');
    expect(useWalkthrough.getState().step).toBe('qkv');
    screen.getByRole('textbox', { name: 'outside' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(useWalkthrough.getState().step).toBe('qkv');
    // A range input inside the walkthrough keeps its arrows too.
    act(() => useWalkthrough.setState({ step: 'scale' }));
    const slider = screen.getByRole('slider', { name: /Width d_k/ });
    slider.focus();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(useWalkthrough.getState().step).toBe('scale');
  });

  it('the step list jumps to a step and marks it with aria-current', async () => {
    render(<Walkthrough />);
    const list = screen.getByRole('navigation', { name: 'Steps' });
    expect(within(list).getAllByRole('button')).toHaveLength(POST_LN_STEPS.length);
    await userEvent.click(within(list).getByRole('button', { name: /Softmax/ }));
    expect(stepHeading()).toHaveTextContent('Softmax');
    expect(within(list).getByRole('button', { name: /Softmax/ })).toHaveAttribute('aria-current', 'step');
    expect(within(list).getByRole('button', { name: /Tokens/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByText(`Step ${POST_LN_STEPS.indexOf('softmax') + 1} of ${POST_LN_STEPS.length}`)).toBeInTheDocument();
  });

  it('pre-LN reorders the steps (LN₁ before attention) and computes the layer with normFirst', async () => {
    render(<Walkthrough />);
    await userEvent.click(screen.getAllByRole('radio', { name: 'Pre-LN' })[0]);
    const list = screen.getByRole('navigation', { name: 'Steps' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent?.replace(/^\d+\s*/, ''))).toEqual(PRE_LN_STEPS.map(labelOf));
    act(() => useWalkthrough.setState({ step: 'norm1' }));
    // The one-pass reference, pre-LN, with the lab's weights.
    const second = runModel(TEXT, useLab.getState(), { normFirst: true }).layers[1];
    expect(matrix('norm1')).toBeInTheDocument();
    expect(screen.getByText('Pre-LN is computed here for the walkthrough only; the lab itself runs post-LN.', { selector: 'header p' })).toBeInTheDocument();
    // Layer 2 reads pre-LN layer 1's output, so its Q differs from the lab's post-LN one.
    act(() => useWalkthrough.setState({ step: 'qkv' }));
    expect(cell('q', 0, 1)).toHaveTextContent(formatValue(at(second.attention.q, 0, 2 * 8 + 1), GRID_DIGITS));
    expect(at(second.attention.q, 0, 17)).not.toBeCloseTo(at(lab().layers[1].attention.q, 0, 17), 3);
  });
});

const LABELS: Record<string, string> = {
  tokens: 'Tokens', embeddings: 'Embeddings + positional encoding', qkv: 'Q, K, V projections', scores: 'Scores QKᵀ', scale: 'Divide by √d_k', mask: 'Mask',
  softmax: 'Softmax', weightedValues: 'Weights · V', concat: 'Concatenate the heads', outputProjection: 'Output projection Wᴼ', residual1: 'Residual add (attention)',
  norm1: 'Layer norm 1', ffn: 'Feed-forward network', residual2: 'Residual add (feed-forward)', norm2: 'Layer norm 2',
};
const labelOf = (s: string) => LABELS[s];

describe('Walkthrough numbers and linked highlighting', () => {
  it('the softmax step shows the selected head’s weights from the engine trace', () => {
    useWalkthrough.setState({ step: 'softmax' });
    render(<Walkthrough />);
    const w = lab().layers[1].attention.heads[2].weights;
    expect(cell('weights', 0, 1)).toHaveTextContent(formatValue(at(w, 0, 1), GRID_DIGITS));
    expect(cell('weights', 4, 3)).toHaveTextContent(formatValue(at(w, 4, 3), GRID_DIGITS));
    expect(matrix('weights')).toHaveTextContent('6 × 6');
  });

  it('the embeddings step shows the run’s embeddings and positional table; the mask step hatches the run’s mask', () => {
    // Layer 1 (where the embeddings are drawn), 16 wide so they are number grids.
    useLab.setState({ maskMode: 'causal', embedDim: 16, selectedLayer: 0 });
    useWalkthrough.setState({ step: 'embeddings' });
    render(<Walkthrough />);
    const run = lab();
    const pe = sinusoidalPositionalEncoding(6, 16);
    expect(cell('embeddings', 2, 3)).toHaveTextContent(formatValue(at(run.embeddings, 2, 3), GRID_DIGITS));
    expect(cell('pe', 4, 1)).toHaveTextContent(formatValue(at(pe, 4, 1), GRID_DIGITS));
    expect(run.positional.data).toEqual(pe.data);
    act(() => useWalkthrough.setState({ step: 'mask' }));
    expect(run.mask).not.toBeNull();
    expect(cell('masked', 1, 2)).toHaveClass('is-blocked');
    expect(cell('masked', 2, 1)).not.toHaveClass('is-blocked');
  });

  it('Q, K and V are the selected head’s 6 × 8 slices', () => {
    useWalkthrough.setState({ step: 'qkv' });
    render(<Walkthrough />);
    const q = lab().layers[1].attention.q;
    expect(matrix('q')).toHaveTextContent('Q (head 3) 6 × 8');
    expect(cell('q', 5, 7)).toHaveTextContent(formatValue(at(q, 5, 2 * 8 + 7), GRID_DIGITS));
  });

  it('hovering a QKᵀ cell (i, j) highlights row i of Q and row j of K', async () => {
    useWalkthrough.setState({ step: 'scores' });
    render(<Walkthrough />);
    const scores = lab().layers[1].attention.heads[2].scores;
    expect(cell('scores', 2, 4)).toHaveTextContent(formatValue(at(scores, 2, 4), GRID_DIGITS));
    await userEvent.hover(cell('scores', 2, 4));
    expect(row('q', 2)).toHaveClass('is-highlighted');
    expect(row('k', 4)).toHaveClass('is-highlighted');
    expect(row('q', 4)).not.toHaveClass('is-highlighted');
    expect(row('k', 2)).not.toHaveClass('is-highlighted');
    expect(matrix('q')).toHaveAttribute('data-highlight-rows', '2');
    await userEvent.unhover(matrix('scores').querySelector('table')!);
    expect(row('q', 2)).not.toHaveClass('is-highlighted');
  });

  it('keyboard focus moves through the QKᵀ grid with arrows (without changing step) and links the rows', async () => {
    useWalkthrough.setState({ step: 'scores' });
    render(<Walkthrough />);
    act(() => cell('scores', 0, 0).focus());
    expect(row('q', 0)).toHaveAttribute('data-highlighted', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(useWalkthrough.getState().step).toBe('scores');
    expect(cell('scores', 1, 1)).toHaveFocus();
    expect(row('q', 1)).toHaveClass('is-highlighted');
    expect(row('k', 1)).toHaveClass('is-highlighted');
    expect(cell('scores', 1, 1)).toHaveAttribute('aria-selected', 'true');
  });

  it('hovering output cell (i, c) of weights · V highlights weight row i and column c of V', async () => {
    useWalkthrough.setState({ step: 'weightedValues' });
    render(<Walkthrough />);
    await userEvent.hover(cell('head-out', 3, 5));
    expect(row('weights', 3)).toHaveClass('is-highlighted');
    expect(cell('v', 0, 5)).toHaveClass('is-col-highlighted');
    expect(cell('v', 0, 4)).not.toHaveClass('is-col-highlighted');
  });

  it('the unscaled comparison shows the engine’s weights with scale: false', async () => {
    useWalkthrough.setState({ step: 'softmax' });
    render(<Walkthrough />);
    await userEvent.click(screen.getByRole('checkbox', { name: /unscaled/ }));
    await settleExperiments();
    const head = lab().layers[1].attention.heads[2];
    const { scaledDotProductAttention, sliceCols } = await import('../../../src/engine');
    const a = lab().layers[1].attention;
    const un = scaledDotProductAttention(sliceCols(a.q, 16, 8), sliceCols(a.k, 16, 8), sliceCols(a.v, 16, 8), { scale: false });
    expect(cell('weights-unscaled', 0, 1)).toHaveTextContent(formatValue(at(un.weights, 0, 1), GRID_DIGITS));
    expect(cell('weights-scaled', 0, 1)).toHaveTextContent(formatValue(at(head.weights, 0, 1), GRID_DIGITS));
  });

  it('the experiments react to their sliders', async () => {
    useWalkthrough.setState({ step: 'scale' });
    render(<Walkthrough />);
    fireEvent.change(screen.getByRole('slider', { name: /Width d_k/ }), { target: { value: '9' } });
    await settleExperiments();
    expect(screen.getByTestId('wt-dk')).toHaveTextContent('d_k = 512');
    expect(screen.getByRole('img', { name: 'Mean softmax entropy against d_k' })).toBeInTheDocument();
    act(() => useWalkthrough.setState({ step: 'residual1' }));
    fireEvent.change(screen.getByRole('slider', { name: /Number of random encoder layers/ }), { target: { value: '24' } });
    await settleExperiments();
    expect(screen.getByTestId('wt-collapse-result')).toHaveTextContent(/After 24 layers: 0\.\d\d with residuals, 1\.00 without\./);
  });

  it('shows the formula typeset and the text in Chinese', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    useWalkthrough.setState({ step: 'softmax' });
    const { container } = render(<Walkthrough />);
    expect(container.querySelector('.wt-formula .katex')).not.toBeNull();
    expect(screen.getByRole('button', { name: /下一步/ })).toBeInTheDocument();
    expect(screen.getByText(/每一行都被变成概率/)).toBeInTheDocument();
  });

  it('offers no autoplay under prefers-reduced-motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener: () => {}, removeEventListener: () => {} })) as unknown as typeof window.matchMedia;
    try {
      render(<Walkthrough />);
      expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('autoplay advances on its own and stops at the end', () => {
    vi.useFakeTimers();
    try {
      render(<Walkthrough autoplayMs={100} />);
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      act(() => vi.advanceTimersByTime(100));
      expect(useWalkthrough.getState().step).toBe('embeddings');
      for (let i = 0; i < 20; i++) act(() => vi.advanceTimersByTime(100));
      expect(useWalkthrough.getState().step).toBe('norm2');
      expect(useWalkthrough.getState().playing).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Walkthrough token numbers', () => {
  it.each([
    ['en', 'Tokens'],
    ['zh', '词元'],
  ] as const)('the tokens step counts the tokens from 1, as the lab and the formula (t_1 … t_L) do (%s)', (locale, listName) => {
    act(() => useUi.setState({ locale }));
    useWalkthrough.setState({ step: 'tokens' });
    render(<Walkthrough />);
    const items = within(screen.getByRole('list', { name: listName })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^1 the$/);
    expect(items.map((li) => li.querySelector('.wt-tokens__index')?.textContent)).toEqual(items.map((_, i) => String(i + 1)));
  });
});
