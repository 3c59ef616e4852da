import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUi } from '../../src/state/uiStore';
import { FullyMaskedRow } from '../../src/lessons/widgets/FullyMaskedRow';
import { D2L_FILL, EXAMPLE_SCORES, outcomeOf, softmaxFilled, softmaxNegInf, UVA_FILL } from '../../src/lessons/widgets/FullyMaskedRowMath';
import { engineSoftmax } from '../../src/run/experiments/small';
import { MaskLab } from '../../src/lessons/widgets/MaskLab';
import { computeLab } from '../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../src/state/labStore';

const TEXT = 'the cat sat on the mat';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT });
  act(() => useUi.setState({ locale: 'en' }));
});

/** Text of an element without the parts that show NaN on purpose. */
function textWithoutIntendedNan(el: HTMLElement): string {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[data-intended-nan="true"]').forEach((n) => n.remove());
  return copy.textContent ?? '';
}

const rowWeight = (k: number) => screen.getByTestId(`mask-lab-weight-${k}`).textContent;

describe('mask-lab', () => {
  it('states the app’s mask convention', () => {
    render(<MaskLab />);
    expect(screen.getByText(/true means blocked.*−∞ before the softmax.*exactly 0/)).toBeInTheDocument();
  });

  it('after clicking the causal button, a key after the query reads exactly 0 and the row still sums to 1', async () => {
    const user = userEvent.setup();
    const { container } = render(<MaskLab />);
    // No mask: query 1 spreads some weight onto key 2.
    expect(rowWeight(1)).not.toBe('0');
    await user.click(screen.getByRole('button', { name: 'Causal' }));
    expect(useLab.getState().maskMode).toBe('causal');
    expect(screen.getByRole('button', { name: 'Causal' })).toHaveAttribute('aria-pressed', 'true');
    // Row 1 ("the") may only see itself: every later key is 0, itself 1.
    for (let k = 1; k < 6; k++) expect(rowWeight(k)).toBe('0');
    expect(rowWeight(0)).toBe('1.000');
    const row = screen.getByTestId('mask-lab-row');
    expect(within(row).getAllByText('(masked: exactly 0)')).toHaveLength(5);
    expect(screen.getByTestId('mask-lab-count')).toHaveTextContent('15 of 36 query–key cells are blocked');
    // The engine agrees: the causal weights above the diagonal are exactly 0.
    const lab = computeLab(settingsOf(useLab.getState()));
    if (!lab.ok) throw lab.error;
    const w = lab.layers[0].attention.heads[0].weights;
    expect(w.data[0 * 6 + 3]).toBe(0);
    // Query 4 sees keys 1–4 only.
    await user.selectOptions(screen.getByLabelText('Query row'), '3');
    expect(rowWeight(4)).toBe('0');
    expect(rowWeight(3)).not.toBe('0');
    expect(container.textContent).not.toMatch(/NaN/);
  });

  it('padding: marking a token makes its key 0 for every query', async () => {
    const user = userEvent.setup();
    render(<MaskLab />);
    await user.click(screen.getByRole('button', { name: 'Padding' }));
    await user.click(screen.getByRole('button', { name: /Token 6 “mat”: mark as padding/ }));
    expect(useLab.getState().paddingTokens).toEqual([5]);
    expect(rowWeight(5)).toBe('0');
    await user.selectOptions(screen.getByLabelText('Query row'), '2');
    expect(rowWeight(5)).toBe('0');
    expect(rowWeight(2)).not.toBe('0');
  });

  it('a fully masked row (every token padding) is reported, not shown as NaN', () => {
    useLab.setState({ maskMode: 'padding', paddingTokens: [0, 1, 2, 3, 4, 5] });
    const { container } = render(<MaskLab />);
    expect(screen.getByText(/Fully masked rows: 1 “the”, 2 “cat”/)).toBeInTheDocument();
    for (let k = 0; k < 6; k++) expect(rowWeight(k)).toBe('0');
    expect(container.textContent).not.toMatch(/NaN/);
  });
});

describe('fully masked row: the three conventions', () => {
  const all = EXAMPLE_SCORES.map(() => true);

  it('−∞ then softmax gives NaN, a large negative gives uniform weights, the engine zeros and a report', () => {
    expect(softmaxNegInf(EXAMPLE_SCORES, all).every(Number.isNaN)).toBe(true);
    for (const fill of [UVA_FILL, D2L_FILL]) expect(softmaxFilled(EXAMPLE_SCORES, all, fill)).toEqual([0.25, 0.25, 0.25, 0.25]);
    const engine = engineSoftmax({ scores: EXAMPLE_SCORES, blocked: all });
    expect(engine.weights).toEqual([0, 0, 0, 0]);
    expect(engine.fullyMasked).toBe(true);
    expect(outcomeOf(softmaxNegInf(EXAMPLE_SCORES, all))).toBe('nan');
    expect(outcomeOf(softmaxFilled(EXAMPLE_SCORES, all, UVA_FILL))).toBe('uniform');
    expect(outcomeOf(engine.weights)).toBe('zeros');
  });

  it('with any key open the three agree, and the blocked keys get 0', () => {
    const blocked = [true, false, true, false];
    const a = softmaxNegInf(EXAMPLE_SCORES, blocked);
    const b = softmaxFilled(EXAMPLE_SCORES, blocked, UVA_FILL);
    const c = engineSoftmax({ scores: EXAMPLE_SCORES, blocked });
    expect(c.fullyMasked).toBe(false);
    // Two open keys with scores 0.5 and 1.2: softmax of the pair.
    const e1 = Math.exp(0.5 - 1.2);
    expect(a[1]).toBeCloseTo(e1 / (1 + e1), 6);
    for (let i = 0; i < 4; i++) {
      expect(b[i]).toBeCloseTo(a[i], 6);
      expect(c.weights[i]).toBeCloseTo(a[i], 6);
    }
    expect([a[0], a[2], c.weights[0], c.weights[2]]).toEqual([0, 0, 0, 0]);
  });

  it('shows the three results, with NaN only where it is labelled as intended', async () => {
    const user = userEvent.setup();
    const { container } = render(<FullyMaskedRow />);
    const nan = screen.getByTestId('fmr-result-neg-inf');
    expect(nan).toHaveTextContent('Result: NaN');
    expect(within(nan).getByText('NaN')).toHaveAttribute('data-intended-nan', 'true');
    expect(screen.getByTestId('fmr-result-filled')).toHaveTextContent('uniform, 0.250 for each of the 4 keys');
    expect(screen.getByTestId('fmr-result-engine')).toHaveTextContent('all weights 0');
    expect(screen.getByText(/maskedSoftmax lists this row in fullyMaskedRows/)).toBeInTheDocument();
    expect(textWithoutIntendedNan(container)).not.toMatch(/NaN/);

    await user.click(screen.getByRole('button', { name: '−1e6 (d2l)' }));
    expect(screen.getByTestId('fmr-result-filled')).toHaveTextContent('uniform, 0.250');
    expect(screen.getByText('Replace by −1e6 (UvA, d2l)')).toBeInTheDocument();

    // Unmask key 2: every convention gives it the whole weight.
    await user.click(screen.getByRole('button', { name: 'Key 2 · masked' }));
    expect(screen.getByRole('button', { name: 'Key 2 · open' })).toHaveAttribute('aria-pressed', 'false');
    for (const id of ['neg-inf', 'filled', 'engine']) expect(screen.getByTestId(`fmr-result-${id}`)).toHaveTextContent('a normal row');
    const row = screen.getByRole('button', { name: 'Key 2 · open' }).closest('tr')!;
    expect(Array.from(row.querySelectorAll('td[data-convention]'), (td) => td.textContent)).toEqual(['1.000', '1.000', '1.000']);
    expect(container.textContent).not.toMatch(/NaN/);
    expect(screen.queryByText(/fullyMaskedRows/)).toBeNull();
  });
});
