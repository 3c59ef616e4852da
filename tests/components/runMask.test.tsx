// The views hatch the run's own mask: drawing it must not build any head's −∞ logits (`masked`), which the engine
// computes only when read (one more query × key matrix per head).
import { act, render, screen } from '@testing-library/react';
import { HeadsGrid } from '../../src/components/headsgrid/HeadsGrid';
import { SelectedHeadPanel } from '../../src/components/selectedhead/SelectedHeadPanel';
import { scaledDotProductAttention, zeros } from '../../src/engine';
import { MaskLab } from '../../src/lessons/widgets/MaskLab';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { useUi } from '../../src/state/uiStore';

// A new text per test, so its traces are computed afresh inside the spy.
const TEXT = (n: number) => `the cat sat on the mat ${n}`;

/** The attention traces' shared prototype, whose `masked` getter builds the −∞ matrix. */
const traceProto = Object.getPrototypeOf(scaledDotProductAttention(zeros(1, 1), zeros(1, 1), zeros(1, 1))) as object;

let maskedRead: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  act(() => useUi.setState({ locale: 'en' }));
  maskedRead = vi.spyOn(traceProto as { masked: unknown }, 'masked', 'get');
});
afterEach(() => maskedRead.mockRestore());

describe('views read the run’s mask', () => {
  it('the selected head panel hatches the causal cells', () => {
    useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT(1), maskMode: 'causal', selectedLayer: 1, selectedHead: 0 });
    const { container } = render(<SelectedHeadPanel />);
    expect(container.querySelector('rect[data-q="0"][data-k="1"]')).toHaveAttribute('data-masked', 'true');
    expect(container.querySelector('rect[data-q="1"][data-k="0"]')).not.toHaveAttribute('data-masked');
    expect(maskedRead).not.toHaveBeenCalled();
  });

  it('the heads grid hatches every thumbnail', () => {
    useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT(2), maskMode: 'causal' });
    render(<HeadsGrid />);
    const thumb = screen.getByRole('button', { name: 'Layer 2, head 3' });
    expect(thumb.querySelectorAll('rect[data-masked="true"]')).toHaveLength((7 * 6) / 2); // 7 tokens: the cells above the diagonal
    expect(maskedRead).not.toHaveBeenCalled();
  });

  it('the mask lab counts the blocked cells', () => {
    useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT(3), maskMode: 'padding', paddingTokens: [0] });
    render(<MaskLab />);
    expect(screen.getByTestId('mask-lab-count')).toHaveTextContent('7 of 49 query–key cells are blocked');
    expect(maskedRead).not.toHaveBeenCalled();
  });

  it('the spy sees a read of the −∞ logits', () => {
    void scaledDotProductAttention(zeros(2, 1), zeros(2, 1), zeros(2, 1)).masked;
    expect(maskedRead).toHaveBeenCalledTimes(1);
  });
});
