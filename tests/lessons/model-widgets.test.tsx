import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../src/state/walkthroughStore';
import { WidgetSlot } from '../../src/lessons/WidgetSlot';
import { WIDGET_IDS, type WidgetConfig, type WidgetId } from '../../src/lessons/types';
import { modelWidgets } from '../../src/lessons/widgets/model';
import { REPEAT_SENTENCE } from '../../src/lessons/widgets/PatternFinder';
import { settleExperiments } from './settleExperiments';

const TEXT = 'the cat sat on the mat';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  act(() => useUi.setState({ locale: 'en' }));
});

const show = (widget: WidgetId, config?: WidgetConfig) => render(<WidgetSlot widget={widget} config={config} />);
const cellText = (matrix: string) =>
  Array.from(document.querySelectorAll<HTMLElement>(`[data-matrix="${matrix}"] td[data-r]`)).map((td) => td.textContent);

describe('model widgets: registry', () => {
  it('registers every model widget id, and each renders without an error or NaN in both languages', () => {
    const ids: WidgetId[] = ['encoder-block', 'rank-collapse', 'norm-compare', 'pe-heatmap', 'permutation', 'pattern-finder', 'mini-lab', 'walkthrough-step'];
    for (const id of ids) expect(WIDGET_IDS).toContain(id);
    expect(Object.keys(modelWidgets).sort()).toEqual([...ids].sort());
    for (const locale of ['en', 'zh'] as const) {
      act(() => useUi.setState({ locale }));
      for (const id of ids) {
        const { container, unmount } = show(id);
        expect(container.querySelector('.lesson-widget__error'), `${id} ${locale}`).toBeNull();
        expect(container.textContent, `${id} ${locale}`).not.toMatch(/NaN|undefined|lw\.model\./);
        unmount();
      }
    }
  });

  it('shows the engine’s message instead of a widget when the sentence is empty', () => {
    useLab.setState({ text: '   ' });
    for (const id of ['encoder-block', 'rank-collapse', 'permutation', 'pattern-finder', 'walkthrough-step'] as const) {
      const { container, unmount } = show(id);
      expect(container.textContent, id).toMatch(/Type a sentence/);
      expect(container.textContent).not.toMatch(/NaN/);
      unmount();
    }
  });
});

describe('norm-compare', () => {
  it('default X = [[1, 2], [2, 3]]: LayerNorm rows [[−1, 1], [−1, 1]], BatchNorm columns [[−1, −1], [1, 1]], ±0.99998 with ε = 1e-5', () => {
    show('norm-compare');
    expect(cellText('layernorm')).toEqual(['-0.99998', '0.99998', '-0.99998', '0.99998']);
    expect(cellText('batchnorm')).toEqual(['-0.99998', '-0.99998', '0.99998', '0.99998']);
  });

  it('typing a new value recomputes both; a non-number shows a message and no results', async () => {
    show('norm-compare');
    const cell = screen.getByLabelText('X, row 2, column 2');
    await userEvent.clear(cell);
    await userEvent.type(cell, '7');
    // Row 2 = [2, 7]: still ±1 along the row; column 2 = [2, 7] also ±1 but the numbers moved.
    expect(cellText('layernorm').slice(2)).toEqual(['-1.00000', '1.00000']);
    await userEvent.clear(cell);
    await userEvent.type(cell, 'abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Row 2, column 2 is not a number');
    expect(cellText('layernorm')).toEqual([]);
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('a batch of one row gives BatchNorm 0 and says why', async () => {
    show('norm-compare');
    await userEvent.click(screen.getByRole('button', { name: 'Remove a row' }));
    expect(cellText('batchnorm')).toEqual(['0.00000', '0.00000']);
    expect(screen.getByText(/With a batch of one/)).toBeInTheDocument();
  });
});

describe('pe-heatmap', () => {
  it('with d = 4 shows PE(1) = [0.841471, 0.540302, 0.010000, 0.999950]', async () => {
    show('pe-heatmap');
    await userEvent.selectOptions(screen.getByLabelText('d_model'), '4');
    expect(screen.getByTestId('lw-pe-row')).toHaveTextContent('PE(1) = [0.841471, 0.540302, 0.010000, 0.999950]');
    expect(screen.getByRole('img', { name: /4 dimensions/ })).toBeInTheDocument();
  });

  it('follows the lab’s d_model by default and rejects a position outside the range', async () => {
    useLab.setState({ embedDim: 16 });
    show('pe-heatmap', { positions: 10 });
    expect(screen.getByRole('img', { name: /10 positions by 16 dimensions/ })).toBeInTheDocument();
    const p = screen.getByLabelText('Show PE(p) for p =');
    await userEvent.clear(p);
    await userEvent.type(p, '99');
    expect(screen.getByRole('alert')).toHaveTextContent('from 0 to 9');
    expect(document.body.textContent).not.toMatch(/NaN/);
  });
});

describe('permutation', () => {
  const maxDiff = () => Number(screen.getByTestId('lw-perm-maxdiff').textContent);

  it('without positional encoding output(shuffled) = shuffle(output): max difference < 1e-5', async () => {
    useLab.setState({ positionalEncoding: false });
    show('permutation');
    await settleExperiments();
    await userEvent.click(screen.getByRole('button', { name: 'Shuffle the tokens' }));
    await settleExperiments();
    expect(maxDiff()).toBeLessThan(1e-5);
    await userEvent.click(screen.getByRole('button', { name: 'Shuffle the tokens' }));
    await settleExperiments();
    expect(maxDiff()).toBeLessThan(1e-5);
  });

  it('with positional encoding the outputs differ: max difference > 1e-3; the checkbox writes the lab store', async () => {
    useLab.setState({ positionalEncoding: false });
    show('permutation');
    await settleExperiments();
    await userEvent.click(screen.getByRole('button', { name: 'Shuffle the tokens' }));
    await settleExperiments();
    await userEvent.click(screen.getByRole('checkbox', { name: /positional encoding/ }));
    await settleExperiments();
    expect(useLab.getState().positionalEncoding).toBe(true);
    expect(maxDiff()).toBeGreaterThan(1e-3);
    await userEvent.click(screen.getByRole('button', { name: 'Reset the order' }));
    await settleExperiments();
    expect(screen.queryByTestId('lw-perm-maxdiff')).toBeNull();
  });
});

describe('pattern-finder', () => {
  it('shows a best-matching head per template with a score, and its button selects that head in the lab', async () => {
    useLab.setState({ text: REPEAT_SENTENCE, selectedLayer: 0, selectedHead: 0 });
    show('pattern-finder');
    const induction = document.querySelector<HTMLElement>('[data-pattern="induction"]')!;
    expect(within(induction).getByTestId('lw-pattern-score-induction')).toHaveTextContent(/Best match: layer \d, head \d, overlap \d+%/);
    const button = within(induction).getByRole('button', { name: /^Select layer/ });
    const [, layer, head] = button.textContent!.match(/layer (\d), head (\d)/)!;
    await userEvent.click(button);
    expect(useLab.getState().selectedLayer).toBe(Number(layer) - 1);
    expect(useLab.getState().selectedHead).toBe(Number(head) - 1);
    expect(within(induction).getByRole('button', { name: /^Selected/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says the induction template is empty when nothing repeats, and the button sets a sentence with repeats', async () => {
    useLab.setState({ text: 'a b c d' });
    show('pattern-finder');
    expect(screen.getByText(/No token repeats/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Use a sentence with repeats/ }));
    expect(useLab.getState().text).toBe(REPEAT_SENTENCE);
    expect(screen.queryByText(/No token repeats/)).toBeNull();
  });
});

describe('encoder-block', () => {
  it('shows the live shapes and that each LayerNorm leaves every token at mean 0, std 1', async () => {
    show('encoder-block');
    expect(screen.getByTestId('lw-block-shapes')).toHaveTextContent('L = 6 tokens, d_model = 32. Attention: h = 4 heads of d_k = 8. Feed-forward hidden width: 128.');
    for (const id of ['ln1', 'ln2']) expect(screen.getByTestId(`lw-block-stats-${id}`)).toHaveTextContent(/mean 0\.000, std 1\.000 \(from 1\.000 to 1\.000\)/);
    expect(screen.getByTestId('lw-block-stats-input')).not.toHaveTextContent(/std 1\.000 \(from 1\.000 to 1\.000\)/);
    const order = () => Array.from(document.querySelectorAll('[data-stage]')).map((li) => li.getAttribute('data-stage'));
    expect(order()).toEqual(['input', 'mha', 'add1', 'ln1', 'ffn', 'add2', 'ln2']);
    await userEvent.click(screen.getByRole('radio', { name: /Pre-LN/ }));
    expect(order()).toEqual(['input', 'ln1', 'mha', 'add1', 'ln2', 'ffn', 'add2']);
  });
});

describe('walkthrough-step', () => {
  it('an invalid config.step shows a message', () => {
    show('walkthrough-step', { step: 'nonsense' });
    expect(screen.getByRole('alert')).toHaveTextContent('“nonsense”, which does not exist');
  });

  it('without config.step it follows the walkthrough store (a lesson’s try button), and Next moves the store', async () => {
    show('walkthrough-step');
    expect(screen.getByRole('heading', { name: 'Tokens' })).toBeInTheDocument();
    act(() => useWalkthrough.getState().set({ step: 'residual1' }));
    expect(screen.getByRole('heading', { name: 'Residual add (attention)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(useWalkthrough.getState().step).toBe('norm1');
  });

  it('with config.step it starts there and moves on its own', async () => {
    show('walkthrough-step', { step: 'softmax' });
    expect(screen.getByRole('heading', { name: 'Softmax' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Mask' })).toBeInTheDocument();
    expect(useWalkthrough.getState().step).toBe('tokens');
  });
});

describe('mini-lab', () => {
  it('typing a sentence and choosing a head update the lab store; showSettings adds the settings', async () => {
    show('mini-lab', { showSettings: true });
    expect(screen.getByRole('group', { name: 'Model' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Head'), '3');
    expect(useLab.getState().selectedHead).toBe(2);
    await userEvent.selectOptions(screen.getByLabelText('Head'), 'average');
    expect(useLab.getState().selectedHead).toBe('average');
    const box = screen.getByLabelText(/Your sentence/);
    await userEvent.clear(box);
    await userEvent.type(box, 'hello world');
    expect(useLab.getState().text).toBe('hello world');
  });
});
