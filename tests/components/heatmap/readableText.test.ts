import { interpolateViridis, interpolateRdBu, interpolateCividis } from 'd3';
import { contrastRatio, readableTextColour } from '../../../src/components/heatmap/readableText';

describe('text on a coloured cell', () => {
  it('meets WCAG AA (4.5:1) on every colour of the scales and on every grey', () => {
    const backgrounds = [
      ...Array.from({ length: 101 }, (_, i) => interpolateViridis(i / 100)),
      ...Array.from({ length: 101 }, (_, i) => interpolateRdBu(i / 100)),
      ...Array.from({ length: 101 }, (_, i) => interpolateCividis(i / 100)),
      ...Array.from({ length: 256 }, (_, v) => `rgb(${v}, ${v}, ${v})`),
      '#1fa287',
    ];
    for (const bg of backgrounds) expect(contrastRatio(readableTextColour(bg), bg), bg).toBeGreaterThanOrEqual(4.5);
  });

  it('is white on dark and black on light, with the known ratios', () => {
    expect(readableTextColour('#000')).toBe('#fff');
    expect(readableTextColour('#fff')).toBe('#000');
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    // The cell axe flagged: white on #1fa287 was 3.19:1.
    expect(contrastRatio('#fff', '#1fa287')).toBeCloseTo(3.19, 2);
    expect(readableTextColour('#1fa287')).toBe('#000');
  });
});
