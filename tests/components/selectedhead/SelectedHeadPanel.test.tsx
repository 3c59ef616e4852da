import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { averageHeadWeights } from '../../../src/engine';
import { formatValue } from '../../../src/components/heatmap/heatmapModel';
import { SelectedHeadPanel } from '../../../src/components/selectedhead/SelectedHeadPanel';
import { useUi } from '../../../src/state/uiStore';
import { computeLab, type LabComputation, type LabResult } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../../src/state/labStore';
import { useLabComputation } from '../../../src/run/useLabComputation';

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  act(() => useUi.setState({ locale: 'en' }));
});

function current(): LabComputation {
  const r = computeLab(settingsOf(useLab.getState()));
  if (!r.ok) throw r.error;
  return r;
}

const cell = (container: HTMLElement, q: number, k: number) => container.querySelector(`rect[data-q="${q}"][data-k="${k}"]`)!;

describe('SelectedHeadPanel', () => {
  it('shows the selected layer and head, with the actions in its header', () => {
    useLab.setState({ selectedLayer: 1, selectedHead: 2 });
    render(<SelectedHeadPanel actions={<button type="button">Export PNG</button>} />);
    const heading = screen.getByRole('heading', { name: 'Layer 2, head 3' });
    expect(within(heading.parentElement!).getByRole('button', { name: 'Export PNG' })).toBeInTheDocument();
    expect(screen.getByRole('application', { name: /^Layer 2, head 3 · Weights/ })).toBeInTheDocument();
  });

  it('hovering shows that head’s exact weight from the trace', async () => {
    useLab.setState({ selectedLayer: 1, selectedHead: 2 });
    const { container } = render(<SelectedHeadPanel />);
    const w = current().layers[1].attention.heads[2].weights;
    await userEvent.hover(cell(container, 4, 7));
    expect(screen.getByRole('tooltip')).toHaveTextContent(`weight ${formatValue(w.data[4 * w.cols + 7])}`);
  });

  it('switches between weights, raw scores QKᵀ and scaled scores', async () => {
    const { container } = render(<SelectedHeadPanel />);
    const head = current().layers[0].attention.heads[0];
    await userEvent.click(screen.getByLabelText('Raw scores QKᵀ'));
    expect(screen.getByText('score')).toBeInTheDocument();
    await userEvent.hover(cell(container, 1, 2));
    expect(screen.getByRole('tooltip')).toHaveTextContent(`score ${formatValue(head.scores.data[1 * head.scores.cols + 2])}`);
    await userEvent.click(screen.getByLabelText('Scaled scores QKᵀ/√d_k'));
    await userEvent.hover(cell(container, 1, 2));
    expect(screen.getByRole('tooltip')).toHaveTextContent(`score ${formatValue(head.scaled.data[1 * head.scaled.cols + 2])}`);
    expect(screen.getByText(/1\/√8 = 0\.3536/)).toBeInTheDocument();
  });

  it('the average view averages the active heads and offers weights only', async () => {
    useLab.setState({ selectedHead: 'average', disabledHeads: [{ layer: 0, head: 1 }] });
    render(<SelectedHeadPanel />);
    expect(screen.getByRole('heading', { name: 'Layer 1, average of 3 active heads' })).toBeInTheDocument();
    expect(screen.getByLabelText('Raw scores QKᵀ')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const avg = averageHeadWeights(current().layers[0].attention);
    const firstRow = within(screen.getByRole('table')).getAllByRole('row')[1];
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent(formatValue(avg.data[0]));
  });

  it('says that an ablated head contributes nothing, and still shows its weights', () => {
    useLab.setState({ selectedHead: 1, disabledHeads: [{ layer: 0, head: 1 }] });
    const { container } = render(<SelectedHeadPanel />);
    expect(screen.getByText('This head is switched off: it contributes nothing to the layer output. Its weights are still shown.')).toBeInTheDocument();
    expect(container.querySelectorAll('rect[data-q]')).toHaveLength(13 * 13);
  });

  it('hatches the cells of the current mask, read from the trace', () => {
    useLab.setState({ maskMode: 'causal' });
    const { container } = render(<SelectedHeadPanel />);
    expect(container.querySelectorAll('rect[data-masked="true"]')).toHaveLength((13 * 12) / 2);
    expect(cell(container, 0, 1)).toHaveAttribute('data-masked', 'true');
    expect(cell(container, 1, 0)).not.toHaveAttribute('data-masked');
  });

  it('in custom mask mode a click masks the cell and the row re-normalises; a second click unmasks it', async () => {
    useLab.setState({ maskMode: 'custom' });
    let latest: LabResult | null = null;
    function Probe() {
      latest = useLabComputation();
      return null;
    }
    const { container } = render(
      <>
        <SelectedHeadPanel />
        <Probe />
      </>,
    );
    expect(screen.getByText(/click cells to mask\/unmask/)).toBeInTheDocument();
    const before = current().layers[0].attention.heads[0].weights;
    expect(before.data[2 * 13 + 1]).toBeGreaterThan(0);

    await userEvent.click(cell(container, 2, 1));
    expect(useLab.getState().customMask).toEqual([{ query: 2, key: 1 }]);
    await waitFor(() => expect(cell(container, 2, 1)).toHaveAttribute('data-masked', 'true'));
    const result = latest as LabResult | null;
    if (!result?.ok) throw new Error('no result');
    const w = result.layers[0].attention.heads[0].weights;
    const row = Array.from(w.data.subarray(2 * 13, 3 * 13));
    expect(row[1]).toBe(0);
    expect(row.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
    expect(screen.queryByText(/Highlight locked/)).not.toBeInTheDocument();

    await userEvent.click(cell(container, 2, 1));
    expect(useLab.getState().customMask).toEqual([]);
    await waitFor(() => expect(cell(container, 2, 1)).not.toHaveAttribute('data-masked'));
  });

  it('keeps a stale selection inside the model', () => {
    useLab.setState({ selectedLayer: 9, selectedHead: 42 });
    render(<SelectedHeadPanel />);
    expect(screen.getByRole('heading', { name: 'Layer 2, head 4' })).toBeInTheDocument();
  });

  it('speaks Chinese', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    useLab.setState({ selectedHead: 'average' });
    render(<SelectedHeadPanel />);
    expect(screen.getByRole('heading', { name: '第 1 层，4 个启用的头的平均' })).toBeInTheDocument();
    expect(screen.getByText('查询（关注的发出方）')).toBeInTheDocument();
  });

  it('empty text shows the prompt instead of a heatmap', () => {
    useLab.setState({ text: '   ' });
    render(<SelectedHeadPanel />);
    expect(screen.getByText(/Type a sentence/)).toBeInTheDocument();
    expect(screen.queryByRole('application')).not.toBeInTheDocument();
  });
});
