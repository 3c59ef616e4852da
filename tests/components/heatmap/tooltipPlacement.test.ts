import { placeTooltip, type TooltipPlacementInput } from '../../../src/components/heatmap/tooltipPlacement';

// A 375 px phone: the chart is 518 px wide but only chart pixels 0…285 can be seen.
const base: Omit<TooltipPlacementInput, 'cell'> = { width: 170, height: 50, visible: { left: 0, right: 285 }, chartHeight: 500 };
const cellAt = (left: number, top = 200) => ({ left, right: left + 27, top, bottom: top + 27 });

/** The tooltip's horizontal extent. */
const span = (input: TooltipPlacementInput) => {
  const at = placeTooltip(input);
  return { left: at.left, right: at.left + input.width, at };
};

describe('placeTooltip', () => {
  it('puts the tooltip right of the cell when it fits there, centred on the row', () => {
    const { left, at } = span({ ...base, cell: cellAt(60) });
    expect(left).toBe(60 + 27 + 10);
    expect(at).toMatchObject({ centred: true, top: 200 + 13.5 });
  });

  it('puts it left of the cell when the right side would leave the visible part (the rightmost cell in sight)', () => {
    const { left, right } = span({ ...base, cell: cellAt(250) });
    expect(right).toBe(250 - 10);
    expect(left).toBeGreaterThanOrEqual(0);
  });

  it('with room on neither side, goes below a cell in the upper half, above one in the lower half, always inside the visible part', () => {
    const upper = span({ ...base, cell: cellAt(120, 40) });
    expect(upper.left).toBeGreaterThanOrEqual(0);
    expect(upper.right).toBeLessThanOrEqual(285);
    expect(upper.at).toEqual({ left: upper.left, top: 40 + 27 + 10, centred: false });
    const lower = span({ ...base, cell: cellAt(120, 400) });
    expect(lower.at).toEqual({ left: lower.left, top: 400 - 10 - 50, centred: false });
  });

  it('follows the visible part when the chart is scrolled sideways', () => {
    const scrolled = { ...base, visible: { left: 233, right: 518 } };
    for (const x of [233, 300, 380, 491]) {
      const { left, right } = span({ ...scrolled, cell: cellAt(x) });
      expect(left).toBeGreaterThanOrEqual(233);
      expect(right).toBeLessThanOrEqual(518);
    }
  });

  it('starts a tooltip wider than the visible part at its left edge', () => {
    expect(span({ ...base, width: 400, cell: cellAt(100) }).left).toBe(0);
  });
});
