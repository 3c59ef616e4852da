import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/App';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { computeLab } from '../../src/run/computeLab';

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
});

function resultFor() {
  const r = computeLab(useLab.getState());
  if (!r.ok) throw r.error;
  return r;
}

describe('the lab page', () => {
  it('shows the tokens, the selected head, a thumbnail per head per layer and the head view', () => {
    render(<App />);
    expect(within(screen.getByRole('list', { name: 'Tokens' })).getAllByRole('listitem')).toHaveLength(13);
    expect(screen.getByRole('heading', { name: 'Layer 1, head 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 2, head 4' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /^Head \d$/ })).toHaveLength(4);
  });

  it('the causal mask radio changes the real computation: later keys get weight 0 in every head', async () => {
    render(<App />);
    await userEvent.click(screen.getByLabelText('Causal'));
    expect(useLab.getState().maskMode).toBe('causal');
    const r = resultFor();
    for (const head of r.layers[0].attention.heads) {
      expect(head.weights.data[1]).toBe(0); // query 0 → key 1
      expect(head.weights.data[0]).toBeCloseTo(1, 6);
    }
  });

  it('padding mode turns the token chips into toggles that mark keys as padding', async () => {
    render(<App />);
    await userEvent.click(screen.getByLabelText('Padding'));
    await userEvent.click(screen.getByRole('button', { name: 'Token 13 “.”: mark as padding' }));
    expect(useLab.getState().paddingTokens).toEqual([12]);
    const r = resultFor();
    const w = r.layers[1].attention.heads[2].weights;
    for (let q = 0; q < w.rows; q++) expect(w.data[q * w.cols + 12]).toBe(0);
  });

  it('clicking a thumbnail selects that head for the large heatmap', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('button', { name: 'Layer 2, head 3' }));
    expect(screen.getByRole('heading', { name: 'Layer 2, head 3' })).toBeInTheDocument();
  });

  it('switches the whole interface to Chinese', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('button', { name: '中文' }));
    expect(screen.getByRole('heading', { name: '注意力实验室' })).toBeInTheDocument();
    expect(screen.getByLabelText('你的句子（中文或英文）')).toBeInTheDocument();
  });

  it('offers only head counts that divide the width', async () => {
    useLab.setState({ model: 'untrained' });
    render(<App />);
    await userEvent.selectOptions(screen.getByLabelText('Width (d_model)'), '24');
    const options = within(screen.getByLabelText('Heads')).getAllByRole('option').map((o) => parseInt(o.textContent ?? '', 10));
    expect(options).toEqual([1, 2, 3, 4, 6, 8, 12]);
  });

  it('empty text shows a prompt, not a broken page', async () => {
    useLab.setState({ model: 'untrained' });
    render(<App />);
    await userEvent.clear(screen.getByRole('textbox'));
    expect(screen.getByRole('status')).toHaveTextContent('Type a sentence');
    expect(screen.queryByRole('heading', { name: /Layer 1, head 1/ })).not.toBeInTheDocument();
  });

  it('past 512 tokens keeps the first 512 and says so', () => {
    useLab.setState({ text: Array.from({ length: 600 }, (_, i) => `w${i % 50}`).join(' '), embedDim: 8, numHeads: 2, numLayers: 1 });
    render(<App />);
    expect(screen.getByText('The text has 600 tokens; only the first 512 are used.')).toBeInTheDocument();
  });
});

describe('the walkthrough tab', () => {
  it('opens the stepwise walkthrough on the same sentence and keeps the lab settings', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('button', { name: 'Walkthrough' }));
    expect(useLab.getState().page).toBe('walkthrough');
    expect(await screen.findByRole('button', { name: /Next/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lab' }));
    expect(screen.getByRole('heading', { name: 'Layer 1, head 1' })).toBeInTheDocument();
  });
});
