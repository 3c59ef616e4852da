import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextTokenPredictions, type NextTokenPredictionsProps, type ShownPrediction } from '../../../src/components/predictions';
import { formatProbability } from '../../../src/components/predictions/formatProbability';
import { markWhitespace } from '../../../src/components/predictions/tokenText';
import { useUi } from '../../../src/state/uiStore';

beforeEach(() => {
  act(() => useUi.setState({ locale: 'en' }));
});

const LABELS: Record<number, string> = { 0: '<|endoftext|>', 1: ' the', 2: ' a', 3: ' cat', 4: 'byte E4', 5: '我', 6: '\n', 7: ' supercalifragilisticexpialidocious' };
const label = (id: number) => LABELS[id] ?? `#${id}`;

const AFTER: ShownPrediction[] = [
  { id: 2, probability: 0.31 },
  { id: 1, probability: 0.2 },
  { id: 3, probability: 0.12345 },
  { id: 0, probability: 0.0004 },
  { id: 4, probability: 0.0001 },
];
const BEFORE: ShownPrediction[] = [
  { id: 1, probability: 0.4 },
  { id: 2, probability: 0.25 },
  { id: 5, probability: 0.1 },
  { id: 3, probability: 0.05 },
  { id: 0, probability: 0.01 },
];
const lookup = (list: readonly ShownPrediction[]) => (id: number) => list.find((p) => p.id === id)?.probability ?? 0.002;

function renderPanel(overrides: Partial<NextTokenPredictionsProps> = {}) {
  return render(<NextTokenPredictions after={AFTER} before={null} label={label} contextLabel=" cat" position={4} positions={9} {...overrides} />);
}

const region = () => screen.getByRole('region', { name: 'Next-token predictions' });
const rows = () => within(screen.getByRole('list', { name: /the model predicts/ })).getAllByRole('listitem');

describe('formatProbability', () => {
  it('gives one decimal, "<0.1 %" for tiny, ">99.9 %" just under 1, and never NaN', () => {
    expect(formatProbability(0.12345)).toBe('12.3 %');
    expect(formatProbability(0.031)).toBe('3.1 %');
    expect(formatProbability(0.0004)).toBe('<0.1 %');
    expect(formatProbability(0)).toBe('<0.1 %');
    expect(formatProbability(1e-9)).toBe('<0.1 %');
    expect(formatProbability(0.0005)).toBe('0.1 %');
    expect(formatProbability(0.99996)).toBe('>99.9 %');
    expect(formatProbability(1)).toBe('100.0 %');
    expect(formatProbability(Number.NaN)).toBe('–');
  });

  it('marks whitespace: ␣ for a space, ↵ for a line break, ⇥ for a tab', () => {
    expect(markWhitespace(' cat')).toBe('␣cat');
    expect(markWhitespace('\n\t x')).toBe('↵⇥␣x');
    expect(markWhitespace('我')).toBe('我');
  });
});

describe('NextTokenPredictions', () => {
  it('is a region named by its heading, with the position sentence and 5 rows of quoted tokens and percentages', () => {
    renderPanel();
    expect(region()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Next-token predictions' })).toBeInTheDocument();
    expect(screen.getByText('After "␣cat" (token 5 of 9) the model predicts:')).toBeInTheDocument();
    const items = rows();
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('"␣a"');
    expect(items[0]).toHaveTextContent('31.0 %');
    expect(items[2]).toHaveTextContent('12.3 %');
    expect(items[3]).toHaveTextContent('end of text');
    expect(items[3]).toHaveTextContent('<0.1 %');
    expect(items[4]).toHaveTextContent('byte E4');
    expect(screen.getByText('␣ marks a space, ↵ a line break, ⇥ a tab.')).toBeInTheDocument();
    expect(within(items[0]).getByTitle(/␣ marks a space/)).toHaveTextContent('"␣a"');
    // No comparison without a baseline.
    expect(region()).not.toHaveTextContent('→');
    expect(screen.queryByText(/top prediction/)).toBeNull();
    // No picker without onPositionChange.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('bars are as long as the probabilities, hidden from assistive technology', () => {
    const { container } = renderPanel();
    const fills = container.querySelectorAll<HTMLElement>('.predictions__fill');
    expect(fills).toHaveLength(5);
    expect(fills[0].style.width).toBe('31%');
    expect(fills[0].closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('is named in Chinese too, with the end-of-text token as 文本结束', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    renderPanel();
    expect(screen.getByRole('region', { name: '下一个词元的预测' })).toBeInTheDocument();
    expect(screen.getByText('在“␣cat”（第 5 个词元，共 9 个）之后，模型预测：')).toBeInTheDocument();
    expect(screen.getByText('文本结束')).toBeInTheDocument();
  });

  it('with a baseline: every row reads before → after, and the top change is said with an arrow', () => {
    renderPanel({ before: BEFORE, probabilityBefore: lookup(BEFORE), probabilityAfter: lookup(AFTER), changeSummary: 'L2 H1 off' });
    const items = rows();
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('25.0 % → 31.0 %');
    expect(items[1]).toHaveTextContent('40.0 % → 20.0 %');
    expect(items[4]).toHaveTextContent('0.2 % → <0.1 %');
    expect(screen.getByText(/after = now \(L2 H1 off\)/)).toBeInTheDocument();
    expect(screen.getByText('The top prediction changed: "␣the" → "␣a"')).toBeInTheDocument();
    const beforeList = screen.getByRole('list', { name: /Top 5 before/ });
    const beforeItems = within(beforeList).getAllByRole('listitem');
    expect(beforeItems).toHaveLength(5);
    expect(beforeItems[0]).toHaveTextContent('"␣the" 40.0 % → 20.0 %');
    expect(beforeItems[2]).toHaveTextContent('"我" 10.0 % → 0.2 %');
  });

  it('without probabilityBefore, looks the token up in the baseline list, "–" where it is not there', () => {
    renderPanel({ before: BEFORE });
    const items = rows();
    expect(items[0]).toHaveTextContent('25.0 % → 31.0 %');
    expect(items[4]).toHaveTextContent('– → <0.1 %');
  });

  it('says the top prediction did not change when the top id is the same', () => {
    const before = [{ id: 2, probability: 0.5 }, ...BEFORE.filter((p) => p.id !== 2)];
    renderPanel({ before });
    expect(screen.queryByText(/top prediction changed/)).toBeNull();
    expect(screen.getByText('The top prediction did not change: "␣a"')).toBeInTheDocument();
  });

  it('the position picker is labelled with its visible words and reports the chosen 0-based position', async () => {
    const user = userEvent.setup();
    const onPositionChange = vi.fn();
    renderPanel({ onPositionChange, positionLabels: ['⟨start⟩', ' the', ' cat', ' sat', ' on', ' the', ' mat', '.', '\n'] });
    const picker = screen.getByRole('combobox', { name: 'Predict after token' });
    expect(picker).toHaveValue('4');
    expect(within(picker).getAllByRole('option')).toHaveLength(9);
    expect(within(picker).getByRole('option', { name: '3: "␣cat"' })).toBeInTheDocument();
    await user.selectOptions(picker, '3: "␣cat"');
    expect(onPositionChange).toHaveBeenCalledWith(2);
  });

  it('shows no NaN or undefined for edge inputs (probability 0, 1, 1e-9, NaN, missing labels)', () => {
    const after = [
      { id: 1, probability: 1 },
      { id: 2, probability: 0 },
      { id: 3, probability: 1e-9 },
      { id: 99, probability: Number.NaN },
      { id: 7, probability: 0 },
    ];
    const before = [
      { id: 3, probability: 1 },
      { id: 1, probability: 1e-9 },
    ];
    const { container } = renderPanel({
      after,
      before,
      probabilityBefore: (id) => (id === 3 ? 1 : id === 1 ? 1e-9 : Number.NaN),
      probabilityAfter: () => 0,
      contextLabel: '',
      position: 0,
      positions: 1,
      onPositionChange: () => {},
      changeSummary: null,
    });
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/NaN|undefined|null/);
    const html = container.innerHTML;
    expect(html).not.toMatch(/NaN|undefined/);
    expect(rows()[0]).toHaveTextContent('<0.1 % → 100.0 %');
    expect(rows()[1]).toHaveTextContent('– → <0.1 %');
    expect(rows()[4]).toHaveAttribute('class', 'predictions__row');
    // The long token is one line, cut by CSS, with its full text in the title.
    expect(within(rows()[4]).getByTitle(/^"␣supercalifragilisticexpialidocious"/)).toBeInTheDocument();
  });

  it('says so when there is nothing to show', () => {
    renderPanel({ after: [], before: null });
    expect(screen.getByText('No predictions to show.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
