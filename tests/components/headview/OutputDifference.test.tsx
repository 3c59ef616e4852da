import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OutputDifference } from '../../../src/components/headview/OutputDifference';
import { formatDelta } from '../../../src/components/headview/difference';
import { maxAbsDifference, subtract } from '../../../src/engine';
import { useUi } from '../../../src/state/uiStore';
import { computeLab, type LabComputation } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../../src/state/labStore';

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
});

function expected(): LabComputation {
  const r = computeLab(settingsOf(useLab.getState()));
  if (!r.ok) throw r.error;
  return r;
}

const caption = () => screen.getByText(/no difference|max \|Δ\|/);
const cells = (container: HTMLElement) => Array.from(container.querySelectorAll<SVGRectElement>('rect[data-row]'));

describe('OutputDifference', () => {
  it('with every head on: a white grid of tokens × features and "no difference"', () => {
    const { container } = render(<OutputDifference />);
    expect(caption()).toHaveTextContent('All heads on: no difference.');
    const all = cells(container);
    expect(all).toHaveLength(13 * DEFAULT_SETTINGS.embedDim);
    expect(all.every((c) => Number(c.dataset.value) === 0)).toBe(true);
    expect(screen.getByRole('img', { name: /^Output difference of 13 tokens × 32 features; max \|Δ\| = 0$/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Colour of Δ/ })).toBeInTheDocument();
  });

  it('shows ablated − baseline cell by cell, coloured symmetrically around 0', () => {
    useLab.setState({ disabledHeads: [{ layer: 0, head: 2 }] });
    const { container } = render(<OutputDifference />);
    const r = expected();
    const diff = subtract(r.layers[0].output, r.baseline[0].output);
    for (const [row, col] of [
      [0, 0],
      [8, 5],
      [12, 31],
    ]) {
      const cell = container.querySelector(`rect[data-row="${row}"][data-col="${col}"]`)!;
      expect(Number(cell.getAttribute('data-value'))).toBeCloseTo(diff.data[row * 32 + col], 6);
    }
    // The most negative and the most positive cell are the two ends of the scale, equally strong.
    const values = cells(container).map((c) => Number(c.dataset.value));
    const max = maxAbsDifference(r.layers[0].output, r.baseline[0].output);
    expect(Math.max(...values.map(Math.abs))).toBeCloseTo(max, 6);
    expect(caption()).toHaveTextContent(`max |Δ| = ${formatDelta(max)}. Heads off in this layer: 3.`);
    expect(screen.getByRole('img', { name: new RegExp(`^Colour of Δ: −${formatDelta(max)} … 0 … ${formatDelta(max)}$`) })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/NaN|undefined/);
  });

  it('pointing at a cell reads out its token, feature and Δ under the grid (one readout, no title per cell)', () => {
    useLab.setState({ disabledHeads: [{ layer: 0, head: 2 }] });
    const { container } = render(<OutputDifference />);
    const r = expected();
    const diff = subtract(r.layers[0].output, r.baseline[0].output);
    expect(container.querySelectorAll('rect title')).toHaveLength(0);
    fireEvent.pointerMove(container.querySelector('rect[data-row="4"][data-col="7"]')!);
    expect(container.querySelector('.outdiff-readout')).toHaveTextContent(`token “${r.tokens[4].text}”, feature 7: Δ = ${formatDelta(diff.data[4 * 32 + 7])}`);
    fireEvent.pointerLeave(container.querySelector('.outdiff-grid g')!);
    expect(container.querySelector('.outdiff-readout')?.textContent?.trim()).toBe('');
  });

  it('switches to the attention sub-layer output difference', async () => {
    const user = userEvent.setup();
    useLab.setState({ disabledHeads: [{ layer: 0, head: 0 }, { layer: 0, head: 3 }] });
    render(<OutputDifference />);
    const r = expected();
    const layerMax = maxAbsDifference(r.layers[0].output, r.baseline[0].output);
    const attentionMax = maxAbsDifference(r.layers[0].attention.output, r.baseline[0].attention.output);
    expect(caption()).toHaveTextContent(`max |Δ| = ${formatDelta(layerMax)}. Heads off in this layer: 1, 4.`);
    await user.click(screen.getByRole('radio', { name: 'attention sub-layer output' }));
    expect(caption()).toHaveTextContent(`max |Δ| = ${formatDelta(attentionMax)}.`);
    expect(screen.getByText(/before the residual connection and LayerNorm/)).toBeInTheDocument();
    expect(attentionMax).toBeGreaterThan(0);
  });

  it('explains a change that comes in from an earlier layer, and no change from a later one', () => {
    useLab.setState({ disabledHeads: [{ layer: 0, head: 1 }], selectedLayer: 1 });
    const { unmount } = render(<OutputDifference />);
    const r = expected();
    expect(caption()).toHaveTextContent(`max |Δ| = ${formatDelta(maxAbsDifference(r.layers[1].output, r.baseline[1].output))}. No head is off in this layer`);
    unmount();

    useLab.setState({ disabledHeads: [{ layer: 1, head: 1 }], selectedLayer: 0 });
    render(<OutputDifference />);
    expect(caption()).toHaveTextContent('max |Δ| = 0. The heads that are off are all in later layers, so this layer is unchanged.');
  });

  it('writes the caption as Chinese sentences', () => {
    useUi.setState({ locale: 'zh' });
    useLab.setState({ disabledHeads: [{ layer: 0, head: 0 }, { layer: 0, head: 2 }] });
    render(<OutputDifference />);
    const r = expected();
    expect(screen.getByText(/^最大 \|Δ\|/)).toHaveTextContent(`最大 |Δ| = ${formatDelta(maxAbsDifference(r.layers[0].output, r.baseline[0].output))}。这一层关闭的头：1、3。`);
  });

  it('paints more than 64 token rows on a canvas (guarding a missing 2-D context)', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    useLab.setState({ text: Array.from({ length: 80 }, (_, i) => `w${i}`).join(' '), disabledHeads: [{ layer: 0, head: 0 }] });
    const { container } = render(<OutputDifference />);
    expect(cells(container)).toHaveLength(0);
    expect(screen.getByRole('img', { name: /^Output difference of 80 tokens × 32 features; max \|Δ\| = [0-9.]+$/ })).toBeInstanceOf(HTMLCanvasElement);
    vi.restoreAllMocks();
  });
});
