import { sideOverflowOf } from '../../src/shared/useSideOverflow';

describe('sideOverflowOf', () => {
  it('reports nothing hidden when the content fits, even with sub-pixel rounding', () => {
    expect(sideOverflowOf({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ left: false, right: false });
    expect(sideOverflowOf({ scrollLeft: 0, scrollWidth: 301, clientWidth: 300 })).toEqual({ left: false, right: false });
  });

  it('tells which side hides content as the box scrolls from start to end', () => {
    expect(sideOverflowOf({ scrollLeft: 0, scrollWidth: 526, clientWidth: 293 })).toEqual({ left: false, right: true });
    expect(sideOverflowOf({ scrollLeft: 100, scrollWidth: 526, clientWidth: 293 })).toEqual({ left: true, right: true });
    expect(sideOverflowOf({ scrollLeft: 233, scrollWidth: 526, clientWidth: 293 })).toEqual({ left: true, right: false });
  });
});
