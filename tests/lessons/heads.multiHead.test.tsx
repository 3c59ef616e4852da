import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkHeadCount } from '../../src/lessons/widgets/HeadSplitShapes';
import { HeadSplit } from '../../src/lessons/widgets/HeadSplit';
import { HeadsPlayground } from '../../src/lessons/widgets/HeadsPlayground';
import { useUi } from '../../src/state/uiStore';
import { computeLab } from '../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../src/state/labStore';

const TEXT = 'the cat sat on the mat';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT });
  act(() => useUi.setState({ locale: 'en' }));
});

const shapeOf = (name: string) => within(screen.getByTestId('head-split-shapes')).getByText(name).closest('tr')!.querySelector('.lw-heads-shape')!.textContent;

describe('head-split', () => {
  it('checks typed head counts against the width', () => {
    expect(checkHeadCount('4', 32)).toEqual({ ok: true, heads: 4, dk: 8 });
    expect(checkHeadCount(' 16 ', 32)).toEqual({ ok: true, heads: 16, dk: 2 });
    expect(checkHeadCount('5', 32)).toMatchObject({ ok: false, reason: 'does-not-divide', divisors: [1, 2, 4, 8, 16] });
    expect(checkHeadCount('0', 32)).toMatchObject({ ok: false, reason: 'out-of-range' });
    expect(checkHeadCount('32', 32)).toMatchObject({ ok: false, reason: 'out-of-range' });
    for (const bad of ['', 'four', '2.5', '-4']) expect(checkHeadCount(bad, 32)).toMatchObject({ ok: false, reason: 'not-a-number' });
  });

  it('shows the live shapes for the lab sentence and width', () => {
    render(<HeadSplit />);
    expect(screen.getByTestId('head-split-message')).toHaveTextContent('32 features ÷ 4 heads = d_k = 8 features per head.');
    expect(shapeOf('X')).toBe('[6 × 32]');
    expect(shapeOf('Q_i, K_i, V_i')).toBe('[6 × 8]');
    expect(shapeOf('softmax(Q_i K_iᵀ / √d_k)')).toBe('[6 × 6]');
    expect(shapeOf('Concat(head_1 … head_h)')).toBe('[6 × 4·8 = 32]');
    expect(shapeOf('W_O')).toBe('[32 × 32]');
    expect(screen.getByRole('img', { name: /32 features of d_model in 4 groups of 8/ })).toBeInTheDocument();
    expect(screen.getByText(/head 1: features 1–8 · head 2: features 9–16/)).toBeInTheDocument();
    expect(screen.getByTestId('head-split-params')).toHaveTextContent('= 4224');
  });

  it('refuses a head count that does not divide the width, with a message, and keeps the lab’s setting', async () => {
    const user = userEvent.setup();
    render(<HeadSplit />);
    const input = screen.getByLabelText('Heads h');
    await user.clear(input);
    await user.type(input, '5');
    expect(screen.getByRole('alert')).toHaveTextContent('5 heads do not divide the width 32');
    expect(screen.getByRole('alert')).toHaveTextContent('choose one of 1, 2, 4, 8, 16');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(useLab.getState().numHeads).toBe(4);
    expect(shapeOf('Q_i, K_i, V_i')).toBe('[6 × 8]');

    await user.clear(input);
    await user.type(input, '8');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useLab.getState().numHeads).toBe(8);
    expect(shapeOf('Q_i, K_i, V_i')).toBe('[6 × 4]');
  });

  it('a width change keeps the heads when they still divide, else the nearest count that does', async () => {
    const user = userEvent.setup();
    useLab.setState({ numHeads: 8 });
    render(<HeadSplit />);
    await user.selectOptions(screen.getByLabelText('Width d_model'), '96');
    expect(useLab.getState()).toMatchObject({ embedDim: 96, numHeads: 8 });
    await user.selectOptions(screen.getByLabelText('Width d_model'), '12');
    expect(useLab.getState()).toMatchObject({ embedDim: 12, numHeads: 6 });
    expect(screen.getByTestId('head-split-message')).toHaveTextContent('d_k = 2');
    // The quick choices are exactly the divisors.
    const choices = screen.getByRole('group', { name: 'Head counts that divide 12:' });
    expect(within(choices).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '6', '12']);
    await user.click(within(choices).getByRole('button', { name: '3' }));
    expect(useLab.getState().numHeads).toBe(3);
  });
});

describe('heads-playground', () => {
  it('switching a head off changes the real computation and says which columns are zeroed', () => {
    render(<HeadsPlayground />);
    expect(screen.getByTestId('heads-playground-status')).toHaveTextContent('Layer 1: all 4 heads are on.');
    const before = computeLab(settingsOf(useLab.getState()));
    fireEvent.click(screen.getByRole('checkbox', { name: /Head 2/ }));
    expect(useLab.getState().disabledHeads).toEqual([{ layer: 0, head: 1 }]);
    expect(screen.getByTestId('heads-playground-status')).toHaveTextContent('heads off: 2 (1 of 4). Their 8 columns');
    const after = computeLab(settingsOf(useLab.getState()));
    if (!before.ok || !after.ok) throw new Error('the lab failed');
    // Head 2's slice of the concat is zero, and the layer output moved.
    const concat = after.layers[0].attention.concat;
    for (let r = 0; r < concat.rows; r++) for (let c = 8; c < 16; c++) expect(concat.data[r * concat.cols + c]).toBe(0);
    const a = before.layers[0].output.data;
    const b = after.layers[0].output.data;
    expect(a.some((v, i) => Math.abs(v - b[i]) > 1e-4)).toBe(true);
  });

  it('a try button’s ablation shows in the grid and the status', () => {
    useLab.setState({ disabledHeads: [{ layer: 0, head: 1 }, { layer: 0, head: 2 }] });
    render(<HeadsPlayground />);
    expect(screen.getByTestId('heads-playground-status')).toHaveTextContent('heads off: 2, 3 (2 of 4). Their 16 columns');
    expect(screen.getByRole('checkbox', { name: /Head 3/ })).not.toBeChecked();
  });
});
