import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromRows, scaledDotProductAttention, type Matrix } from '../../src/engine';
import { formatValue } from '../../src/components/heatmap/heatmapModel';
import { useUi } from '../../src/state/uiStore';
import { QkvEditor } from '../../src/lessons/widgets/QkvEditor';
import { DEFAULT_QKV, parseCell, rowsOf } from '../../src/lessons/widgets/QkvEditorModel';

beforeEach(() => {
  act(() => useUi.setState({ locale: 'en' }));
});

const grid = (id: string) => document.querySelector<HTMLElement>(`[data-matrix="${id}"]`)!;
const cellText = (id: string, r: number, c: number) => grid(id).querySelector(`td[data-q="${r}"][data-k="${c}"]`)!.textContent;
const gridTexts = (id: string) => Array.from(grid(id).querySelectorAll('td')).map((td) => td.textContent);
const texts = (m: Matrix) => Array.from(m.data, (v) => formatValue(v, 3));
const run = (q: readonly number[]) => scaledDotProductAttention(fromRows(rowsOf(q)), fromRows(rowsOf(DEFAULT_QKV.K)), fromRows(rowsOf(DEFAULT_QKV.V)));
const qInput = (row: number, col: number) => screen.getByRole('textbox', { name: new RegExp(`^Q, row ${row} \\(\\w+\\), column ${col}$`) });

// Pasted, so the whole text arrives at once (typing "1e400" key by key passes through the valid "1" first).
async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text) await userEvent.paste(text);
}

describe('qkv-editor cell parsing', () => {
  it.each([
    ['1.5', 1.5],
    [' -2 ', -2],
    ['0,5', 0.5],
    ['\u22123', -3],
    ['.25', 0.25],
    ['2e-1', 0.2],
  ])('reads %j as %d', (text, value) => {
    expect(parseCell(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['Infinity', 'not-a-number'],
    ['1e400', 'out-of-range'],
    ['11', 'out-of-range'],
  ])('rejects %j (%s)', (text, issue) => {
    expect(parseCell(text)).toEqual({ ok: false, issue });
  });
});

describe('QkvEditor widget', () => {
  it('shows what the engine computes from Q, K and V, with each weight row summing to 1', () => {
    render(<QkvEditor />);
    const trace = run(DEFAULT_QKV.Q);
    expect(gridTexts('qkv-scores')).toEqual(texts(trace.scores));
    expect(gridTexts('qkv-scaled')).toEqual(texts(trace.scaled));
    expect(gridTexts('qkv-weights')).toEqual(texts(trace.weights));
    expect(gridTexts('qkv-output')).toEqual(texts(trace.output));
    for (let r = 0; r < 3; r++) {
      const sum = [0, 1, 2].reduce((s, c) => s + Number(cellText('qkv-weights', r, c)), 0);
      expect(sum).toBeCloseTo(1, 2);
    }
    expect(screen.getByText(/Q, the query/)).toBeInTheDocument();
    expect(screen.getByText(/K, the key/)).toBeInTheDocument();
    expect(screen.getByText(/V, the value/)).toBeInTheDocument();
  });

  it('editing a Q cell changes the scores, the weights and the output of that row only', async () => {
    render(<QkvEditor />);
    const before = gridTexts('qkv-output');
    await retype(qInput(1, 2), '3');
    const q = [...DEFAULT_QKV.Q];
    q[1] = 3;
    const trace = run(q);
    expect(gridTexts('qkv-output')).toEqual(texts(trace.output));
    expect(gridTexts('qkv-output')).not.toEqual(before);
    // Rows 2 and 3 have their own queries, so they do not move.
    expect(gridTexts('qkv-output').slice(2)).toEqual(before.slice(2));
    expect(screen.getByTestId('qkv-breakdown')).toHaveTextContent(`(${formatValue(trace.output.data[0], 3)}, ${formatValue(trace.output.data[1], 3)})`);
  });

  it.each([
    ['', /is empty/],
    ['abc', /“abc” is not a number/],
    ['1e400', /1e400 is outside −10 … 10/],
  ])('bad input %j shows a message, marks the cell and keeps the last good value (no NaN)', async (text, message) => {
    render(<QkvEditor />);
    const input = qInput(1, 1);
    await retype(input, '2');
    const good = gridTexts('qkv-output');
    await retype(input, text);
    const alert = screen.getByText(message);
    expect(alert).toHaveTextContent('2.00 is used');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(alert.textContent!);
    expect(gridTexts('qkv-output')).toEqual(good);
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
    await retype(input, '1');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('following another query highlights its row everywhere and explains its output', async () => {
    render(<QkvEditor />);
    await userEvent.click(screen.getByRole('radio', { name: 'tea' }));
    const qTable = screen.getByRole('table', { name: 'Q (queries)' });
    expect(within(qTable).getByRole('row', { name: /tea/ })).toHaveClass('is-selected');
    for (const id of ['qkv-scores', 'qkv-weights', 'qkv-output']) expect(grid(id)).toHaveAttribute('data-highlight-rows', '2');
    const trace = run(DEFAULT_QKV.Q);
    expect(screen.getByTestId('qkv-breakdown')).toHaveTextContent(`Output for “tea”: ${formatValue(trace.weights.data[6], 3)} × (1.00, 0.00)`);
    expect(screen.getByText('The weights of “tea” sum to 1.000.')).toBeInTheDocument();
  });

  it('Reset restores the starting matrices and clears the messages', async () => {
    render(<QkvEditor />);
    const before = gridTexts('qkv-output');
    await retype(qInput(2, 1), 'x');
    await retype(qInput(1, 1), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(gridTexts('qkv-output')).toEqual(before);
    expect(qInput(2, 1)).toHaveValue('0');
    expect(screen.queryByText(/is not a number/)).not.toBeInTheDocument();
  });
});
