import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildMask, fromRows, type Matrix } from '../../../src/engine';
import { AttentionHeatmap } from '../../../src/components/heatmap/AttentionHeatmap';
import { formatValue } from '../../../src/components/heatmap/heatmapModel';
import { heatmapLayout } from '../../../src/components/heatmap/layout';
import { MASKED_CELL_FILL } from '../../../src/components/heatmap/palettes';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';

const tokens = ['the', 'cat', 'sat', 'down'];
// Row-stochastic weights, [query × key]; row 0 attends only to itself.
const weights: Matrix = fromRows([
  [1, 0, 0, 0],
  [0.12345, 0.87655, 0, 0],
  [0.2, 0.3, 0.5, 0],
  [0.1, 0.2, 0.3, 0.4],
]);
const causal = buildMask(4, 4, { causal: true });

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  act(() => useUi.setState({ locale: 'en' }));
});

const chart = () => screen.getByRole('application');
const announcer = () => screen.getByTestId('heatmap-announcer');
const cell = (container: HTMLElement, q: number, k: number) => {
  const el = container.querySelector(`rect[data-q="${q}"][data-k="${k}"]`);
  if (!el) throw new Error(`no cell ${q},${k}`);
  return el;
};
const value = (m: Matrix, q: number, k: number) => m.data[q * m.cols + k];

describe('AttentionHeatmap', () => {
  it('names both axes in words and labels rows and columns with the tokens', () => {
    const { container } = render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} title="Head 1" />);
    expect(screen.getByText('query (attends from)')).toBeInTheDocument();
    expect(screen.getByText(/^key \(attends to\)/)).toBeInTheDocument();
    const rowLabels = Array.from(container.querySelectorAll('text[data-axis="query"]'), (t) => t.textContent);
    const colLabels = Array.from(container.querySelectorAll('text[data-axis="key"]'), (t) => t.textContent);
    expect(rowLabels).toEqual(tokens);
    expect(colLabels).toEqual(tokens);
    expect(container.querySelectorAll('rect[data-q]')).toHaveLength(16);
    expect(screen.getByRole('figure', { name: 'Head 1' })).toBeInTheDocument();
  });

  it('translates the axis names', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} title="头 1" />);
    expect(screen.getByText('查询（关注的发出方）')).toBeInTheDocument();
    expect(screen.getByText(/^键（被关注的对象）/)).toBeInTheDocument();
  });

  it('hovering a cell shows its exact weight and both tokens', async () => {
    const { container } = render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} title="Head 1" />);
    await userEvent.hover(cell(container, 1, 0));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('query “cat” → key “the”');
    expect(tip).toHaveTextContent(`weight ${value(weights, 1, 0).toFixed(4)}`);
    expect(tip).toHaveTextContent('weight 0.1235');
    await userEvent.unhover(chart());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('draws masked cells hatched, and says "masked" instead of a number', async () => {
    const { container } = render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} mask={causal} title="Causal" />);
    const blocked = cell(container, 0, 3);
    expect(blocked).toHaveAttribute('data-masked', 'true');
    // Grey under one hatched path that covers exactly the blocked cells (the 6 above the diagonal of 4 tokens).
    expect(blocked.getAttribute('fill')).toBe(MASKED_CELL_FILL);
    const hatch = container.querySelector('path.attention-heatmap__hatch')!;
    expect(hatch.getAttribute('fill')).toMatch(/^url\(#.+\)$/);
    const patternId = hatch.getAttribute('fill')!.slice(5, -1);
    expect(container.querySelector(`pattern[id="${patternId}"]`)).not.toBeNull();
    const hatchedCells = hatch.getAttribute('d')!.split('M').filter(Boolean);
    expect(hatchedCells).toHaveLength(6);
    expect(hatchedCells).toContainEqual(expect.stringMatching(new RegExp(`^${blocked.getAttribute('x')} ${blocked.getAttribute('y')}h`)));
    // An unmasked cell whose weight is also 0 is still a colour, not the masked grey.
    expect(cell(container, 3, 0).getAttribute('fill')).not.toBe(MASKED_CELL_FILL);
    expect(cell(container, 3, 3)).not.toHaveAttribute('data-masked');
    expect(screen.getByText('masked (blocked by the mask)')).toBeInTheDocument();

    await userEvent.hover(blocked);
    expect(screen.getByRole('tooltip')).toHaveTextContent('masked');
    expect(screen.getByRole('tooltip')).not.toHaveTextContent(/\d\.\d{4}/);

    act(() => chart().focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(announcer()).toHaveTextContent('Query 1 “the”, key 2 “cat”: masked.');
  });

  it('arrow keys, Home and End move the announced cell', async () => {
    render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} title="Head 1" />);
    await userEvent.tab(); // the "Show as table" toggle
    await userEvent.tab();
    expect(chart()).toHaveFocus();
    expect(announcer()).toHaveTextContent(`Query 1 “the”, key 1 “the”: weight ${formatValue(value(weights, 0, 0))}.`);
    await userEvent.keyboard('{ArrowDown}');
    expect(announcer()).toHaveTextContent('Query 2 “cat”, key 1 “the”: weight 0.1235.');
    await userEvent.keyboard('{ArrowRight}');
    expect(announcer()).toHaveTextContent(`Query 2 “cat”, key 2 “cat”: weight ${formatValue(value(weights, 1, 1))}.`);
    await userEvent.keyboard('{End}');
    expect(announcer()).toHaveTextContent('Query 2 “cat”, key 4 “down”: weight 0.0000.');
    await userEvent.keyboard('{ArrowRight}'); // stays at the edge
    expect(announcer()).toHaveTextContent('key 4 “down”');
    await userEvent.keyboard('{Home}');
    expect(announcer()).toHaveTextContent('Query 2 “cat”, key 1 “the”');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(announcer()).toHaveTextContent('Query 1 “the”, key 1 “the”');
    // The focus ring follows.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
    const ring = document.querySelector('.attention-heatmap__focus-ring');
    expect(ring).toHaveAttribute('data-focus-q', '2');
    expect(ring).toHaveAttribute('data-focus-k', '1');
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
  });

  it('click locks the highlight; clicking it again or Escape unlocks', async () => {
    const { container } = render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} title="Head 1" />);
    await userEvent.click(cell(container, 2, 1));
    expect(screen.getByRole('tooltip')).toHaveTextContent(`weight ${formatValue(value(weights, 2, 1))}`);
    expect(container.querySelector('.attention-heatmap__bands--locked')).not.toBeNull();
    expect(announcer()).toHaveTextContent(/^Highlight locked\. Query 3 “sat”, key 2 “cat”/);
    // Moving elsewhere does not replace a locked highlight.
    await userEvent.hover(cell(container, 0, 0));
    expect(screen.getByRole('tooltip')).toHaveTextContent('query “sat” → key “cat”');
    await userEvent.click(cell(container, 2, 1));
    expect(container.querySelector('.attention-heatmap__bands--locked')).toBeNull();
    expect(announcer()).toHaveTextContent('Highlight unlocked.');

    await userEvent.click(cell(container, 3, 3));
    expect(container.querySelector('.attention-heatmap__bands--locked')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(container.querySelector('.attention-heatmap__bands--locked')).toBeNull();
    await userEvent.keyboard('{Enter}'); // Enter locks the focused (last clicked) cell
    expect(announcer()).toHaveTextContent(/^Highlight locked\. Query 4 “down”, key 4 “down”: weight 0\.4000/);
  });

  it('with onCellActivate, click, Enter and Space call it instead of locking', async () => {
    const onCellActivate = vi.fn();
    const { container } = render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} title="Edit" onCellActivate={onCellActivate} />);
    await userEvent.click(cell(container, 1, 2));
    expect(onCellActivate).toHaveBeenLastCalledWith(1, 2);
    expect(container.querySelector('.attention-heatmap__bands--locked')).toBeNull();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onCellActivate).toHaveBeenLastCalledWith(2, 2);
    await userEvent.keyboard('{ArrowLeft} ');
    expect(onCellActivate).toHaveBeenLastCalledWith(2, 1);
    expect(onCellActivate).toHaveBeenCalledTimes(3);
  });

  it('the table view holds the same numbers, with query and key headers', async () => {
    render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} mask={causal} title="Head 1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['query \\ key', '1 the', '2 cat', '3 sat', '4 down']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('2 cat');
    const cells = within(rows[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual([formatValue(value(weights, 1, 0)), formatValue(value(weights, 1, 1)), 'masked', 'masked']);
    expect(within(rows[3]).getAllByRole('cell').map((c) => Number(c.textContent))).toEqual([0.1, 0.2, 0.3, 0.4]);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(chart()).toBeInTheDocument();
  });

  it('marks fully masked rows and never shows NaN', async () => {
    const mask = buildMask(4, 4, { custom: [[true, true, true, true], [false, false, true, true], [false, false, false, true], [false, false, false, false]] });
    const w = fromRows([
      [0, 0, 0, 0],
      [0.5, 0.5, 0, 0],
      [0.2, 0.3, 0.5, 0],
      [0.1, 0.2, 0.3, 0.4],
    ]);
    const { container } = render(<AttentionHeatmap matrix={w} queryTokens={tokens} keyTokens={tokens} mask={mask} fullyMaskedRows={[0]} title="Custom" />);
    expect(container.querySelector('[data-fully-masked-row="0"]')).toHaveTextContent('fully masked');
    expect(container.querySelectorAll('[data-fully-masked-row]')).toHaveLength(1);
    await userEvent.hover(cell(container, 0, 1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Every key of this query is masked');
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('rowheader', { name: /the.*fully masked/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('scores use a diverging legend around 0 and −∞ counts as masked', async () => {
    const scores = fromRows([
      [2, -Infinity],
      [-1, 0.5],
    ]);
    const { container } = render(<AttentionHeatmap matrix={scores} queryTokens={['a', 'b']} keyTokens={['a', 'b']} kind="scores" title="Scores" />);
    const ticks = Array.from(container.querySelectorAll('.attention-heatmap__legend-tick'), (t) => Number(t.textContent));
    expect(ticks).toContain(0);
    expect(Math.min(...ticks)).toBe(-Math.max(...ticks));
    expect(screen.getByText('score')).toBeInTheDocument();
    expect(cell(container, 0, 1)).toHaveAttribute('data-masked', 'true');
    await userEvent.hover(cell(container, 1, 0));
    expect(screen.getByRole('tooltip')).toHaveTextContent('score -1.0000');
    await userEvent.hover(cell(container, 0, 1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('masked');
  });

  it('the weights legend runs from 0 to 1 with tick values', () => {
    const { container } = render(<AttentionHeatmap matrix={weights} queryTokens={tokens} keyTokens={tokens} title="Head 1" />);
    const ticks = Array.from(container.querySelectorAll('.attention-heatmap__legend-tick'), (t) => t.textContent);
    expect(ticks).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1']);
    expect(screen.getByText('attention weight')).toBeInTheDocument();
  });

  it('beyond 64 tokens paints a canvas (no per-cell DOM) and still finds the cell under the pointer', async () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const n = 70;
    const m = { rows: n, cols: n, data: new Float32Array(n * n).map((_, i) => (i % n) / n) };
    const toks = Array.from({ length: n }, (_, i) => `t${i}`);
    const { container } = render(<AttentionHeatmap matrix={m} queryTokens={toks} keyTokens={toks} title="Long" size={350} />);
    expect(container.querySelector('canvas')).not.toBeNull();
    expect(container.querySelectorAll('rect[data-q]')).toHaveLength(0);
    // Labels are thinned out: far fewer than 70 per axis, the first one kept.
    const rowLabels = container.querySelectorAll('text[data-axis="query"]');
    expect(rowLabels.length).toBeLessThan(n / 2);
    expect(rowLabels[0]).toHaveTextContent('1·t0');

    const layout = heatmapLayout({ rows: n, cols: n, size: 350, queryTokens: toks, keyTokens: toks, showLabels: true, hasFullyMaskedRows: false });
    // jsdom's bounding boxes are at (0, 0), so client coordinates are chart coordinates.
    const q = 12;
    const k = 40;
    fireEvent.pointerMove(chart(), { clientX: layout.margin.left + (k + 0.5) * layout.cellWidth, clientY: layout.margin.top + (q + 0.5) * layout.cellHeight });
    expect(screen.getByRole('tooltip')).toHaveTextContent('query “t12” → key “t40”');
    expect(screen.getByRole('tooltip')).toHaveTextContent(`weight ${formatValue(m.data[q * n + k])}`);
    act(() => chart().focus());
    await userEvent.keyboard('{End}');
    expect(announcer()).toHaveTextContent('Query 1 “t0”, key 70 “t69”');
    expect(getContext).toHaveBeenCalled();
    getContext.mockRestore();
  });
});
