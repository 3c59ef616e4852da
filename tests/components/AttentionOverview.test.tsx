import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/App';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';

beforeEach(() => useLab.setState(DEFAULT_SETTINGS));

function cellTitles(figure: HTMLElement): string[] {
  return Array.from(figure.querySelectorAll('rect > title'), (t) => t.textContent ?? '');
}

describe('the minimal lab page', () => {
  it('draws one labelled heatmap per head, with a weight per query–key pair', () => {
    render(<App />);
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(DEFAULT_SETTINGS.numHeads);
    const titles = cellTitles(figures[0]);
    expect(titles).toHaveLength(13 * 13);
    expect(titles[0]).toMatch(/^query “The” → key “The”: 0\.\d{3}$/);
  });

  it('each query row of the drawn weights sums to 1', () => {
    render(<App />);
    const titles = cellTitles(screen.getAllByRole('figure')[1]);
    const values = titles.map((t) => Number(t.split(': ')[1]));
    for (let q = 0; q < 13; q++) {
      const sum = values.slice(q * 13, (q + 1) * 13).reduce((s, v) => s + v, 0);
      expect(sum).toBeCloseTo(1, 2);
    }
  });

  it('the causal mask gives weight 0 to every later key', async () => {
    render(<App />);
    await userEvent.click(screen.getByLabelText('Causal'));
    const titles = cellTitles(screen.getAllByRole('figure')[0]);
    expect(titles[1]).toBe('query “The” → key “animal”: 0.000');
    expect(titles[0]).toBe('query “The” → key “The”: 1.000');
  });

  it('offers only head counts that divide the width', async () => {
    render(<App />);
    await userEvent.selectOptions(screen.getByLabelText('Width (d_model)'), '24');
    const options = within(screen.getByLabelText('Heads')).getAllByRole('option').map((o) => parseInt(o.textContent ?? '', 10));
    expect(options).toEqual([1, 2, 3, 4, 6, 8, 12]);
    expect(screen.getAllByRole('figure')).toHaveLength(useLab.getState().numHeads);
  });

  it('empty text shows a prompt, not a broken page', async () => {
    render(<App />);
    await userEvent.clear(screen.getByRole('textbox'));
    expect(screen.getByRole('status')).toHaveTextContent('Type a sentence');
    expect(screen.queryAllByRole('figure')).toHaveLength(0);
  });

  it('past 512 tokens keeps the first 512 and says so', () => {
    useLab.setState({ text: Array.from({ length: 600 }, (_, i) => `w${i % 50}`).join(' '), embedDim: 8, numHeads: 2, numLayers: 1 });
    render(<App />);
    expect(screen.getByRole('status')).toHaveTextContent('The text has 600 tokens; only the first 512 are used.');
  });
});
