import { fittedTokenColumn, tokenTextWidth } from '../../../src/components/headview';

describe('fittedTokenColumn: a token column as wide as its longest token needs', () => {
  it('counts CJK characters about twice as wide as Latin letters', () => {
    expect(tokenTextWidth('公园')).toBeCloseTo(2 * 14.4, 5);
    expect(tokenTextWidth('ab')).toBeCloseTo(2 * 0.6 * 14.4, 5);
  });

  it('grows with the longest token and stays within its bounds', () => {
    const short = fittedTokenColumn(['a', 'b'], 84, 144);
    const walked = fittedTokenColumn(['The', ' walked'], 84, 144);
    expect(short).toBe(84);
    expect(walked).toBeGreaterThan(short);
    // " walked" (7 characters at 0.6 em of 14.4 px) plus the bar strip, gap and padding.
    expect(walked).toBeGreaterThanOrEqual(Math.ceil(7 * 0.6 * 14.4 + 28.8 + 4 + 9.6));
    expect(fittedTokenColumn(['supercalifragilistic'], 84, 144)).toBe(144);
    expect(fittedTokenColumn([], 84, 144)).toBe(84);
  });
});
