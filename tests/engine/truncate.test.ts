// @vitest-environment node
import { truncateLabel } from '../../src/engine';
import { truncateLabel as fromHeatmap } from '../../src/components/heatmap/heatmapModel';

describe('truncateLabel', () => {
  it('keeps short text, cuts long text to max characters ending in an ellipsis, never splitting an emoji', () => {
    expect(truncateLabel('short')).toBe('short');
    expect(truncateLabel('internationalisation', 8)).toBe('interna…');
    expect(truncateLabel('😀😀😀😀', 3)).toBe('😀😀…');
    expect(truncateLabel('😀😀😀', 3)).toBe('😀😀😀');
    expect(truncateLabel('abcdef', 1)).toBe('…');
    expect(truncateLabel('')).toBe('');
  });

  it('is the same function the heatmap labels use', () => {
    expect(fromHeatmap).toBe(truncateLabel);
  });

  it('gives a 40-character label for five megabytes of text', () => {
    const huge = 'a'.repeat(5_000_000);
    expect(truncateLabel(huge, 40)).toBe(`${'a'.repeat(39)}…`);
  });
});
