import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeadsGrid } from '../../../src/components/headsgrid/HeadsGrid';
import { SelectedHeadPanel } from '../../../src/components/selectedhead/SelectedHeadPanel';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  act(() => useUi.setState({ locale: 'en' }));
});

const thumbs = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('data-layer'));

describe('HeadsGrid', () => {
  it('has one labelled thumbnail per head of every layer, plus each layer’s average', () => {
    useLab.setState({ text: 'the cat sat on the mat' });
    const { container } = render(<HeadsGrid />);
    expect(thumbs()).toHaveLength(DEFAULT_SETTINGS.numLayers * (DEFAULT_SETTINGS.numHeads + 1));
    expect(screen.getByRole('button', { name: 'Layer 1, head 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 2, head 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 2, average of the heads' })).toBeInTheDocument();
    expect(screen.getByText('Layer 1')).toBeInTheDocument();
    expect(screen.getByText('Head 4')).toBeInTheDocument();
    expect(screen.getByText('Average')).toBeInTheDocument();
    // Thumbnails draw the same cells as the big heatmap (6 tokens: SVG), hidden from assistive technology.
    const svg = screen.getByRole('button', { name: 'Layer 1, head 1' }).querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg!.querySelectorAll('rect[data-q]')).toHaveLength(6 * 6);
    expect(container.querySelector('[role="application"]')).toBeNull();
  });

  it('selecting a thumbnail changes the selected-head panel and outlines the thumbnail', async () => {
    render(
      <>
        <HeadsGrid />
        <SelectedHeadPanel />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Layer 1, head 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 1, head 1' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Layer 2, head 3' }));
    expect(useLab.getState()).toMatchObject({ selectedLayer: 1, selectedHead: 2 });
    expect(screen.getByRole('heading', { name: 'Layer 2, head 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 2, head 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Layer 2, head 3' })).toHaveClass('heads-grid-view__thumb--selected');
    expect(screen.getByRole('button', { name: 'Layer 1, head 1' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Layer 1, average of the heads' }));
    expect(useLab.getState()).toMatchObject({ selectedLayer: 0, selectedHead: 'average' });
    expect(screen.getByRole('heading', { name: 'Layer 1, average of 4 active heads' })).toBeInTheDocument();
  });

  it('is one tab stop: arrow keys move between thumbnails and Enter selects', async () => {
    render(<HeadsGrid />);
    expect(thumbs().filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Layer 1, head 1' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Layer 2, head 3' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Layer 2, average of the heads' })).toHaveFocus();
    await userEvent.keyboard('{Home}{Enter}');
    expect(useLab.getState()).toMatchObject({ selectedLayer: 1, selectedHead: 0 });
  });

  it('dims ablated heads and marks them "off"', () => {
    useLab.setState({ disabledHeads: [{ layer: 0, head: 1 }] });
    render(<HeadsGrid />);
    const off = screen.getByRole('button', { name: 'Layer 1, head 2, off (switched off)' });
    expect(off).toHaveClass('heads-grid-view__thumb--off');
    expect(off).toHaveTextContent('off');
    expect(screen.getByRole('button', { name: 'Layer 1, head 1' })).not.toHaveClass('heads-grid-view__thumb--off');
  });

  it('paints canvas thumbnails for long sequences', () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    useLab.setState({ text: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '), numLayers: 1 });
    render(<HeadsGrid />);
    const button = screen.getByRole('button', { name: 'Layer 1, head 1' });
    expect(button.querySelector('canvas')).not.toBeNull();
    expect(button.querySelectorAll('rect')).toHaveLength(0);
    getContext.mockRestore();
  });
});
