import { flushWaitingPaints, paintWhenVisible, stopWatching } from '../../src/components/paintWhenVisible';

/** A stand-in IntersectionObserver the test drives: `show(el, bool)` reports el entering or leaving the screen. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly targets = new Set<Element>();
  constructor(private readonly callback: (entries: { target: Element; isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {}
  show(el: Element, isIntersecting: boolean) {
    this.callback([{ target: el, isIntersecting }]);
  }
}

describe('paintWhenVisible: canvases out of sight paint when they come into view', () => {
  beforeAll(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
  afterAll(() => vi.unstubAllGlobals());

  it('paints at once until observed off screen, then keeps only the latest paint for when it scrolls into view', () => {
    const canvas = document.createElement('canvas');
    const painted: string[] = [];
    paintWhenVisible(canvas, () => painted.push('first'));
    expect(painted).toEqual(['first']); // not yet observed: never a blank canvas
    const io = FakeObserver.last!;
    expect(io.targets.has(canvas)).toBe(true);
    io.show(canvas, false);
    paintWhenVisible(canvas, () => painted.push('old numbers'));
    paintWhenVisible(canvas, () => painted.push('new numbers'));
    expect(painted).toEqual(['first']);
    io.show(canvas, true);
    expect(painted).toEqual(['first', 'new numbers']);
    // On screen again: paints run at once.
    paintWhenVisible(canvas, () => painted.push('on screen'));
    expect(painted.at(-1)).toBe('on screen');
    stopWatching(canvas);
    expect(io.targets.has(canvas)).toBe(false);
  });

  it('a cancelled paint never runs, and printing runs every waiting paint', () => {
    const a = document.createElement('canvas');
    const b = document.createElement('canvas');
    const painted: string[] = [];
    paintWhenVisible(a, () => {});
    paintWhenVisible(b, () => {});
    const io = FakeObserver.last!;
    io.show(a, false);
    io.show(b, false);
    const cancel = paintWhenVisible(a, () => painted.push('a'));
    paintWhenVisible(b, () => painted.push('b'));
    cancel();
    window.dispatchEvent(new Event('beforeprint'));
    expect(painted).toEqual(['b']);
    io.show(a, true);
    expect(painted).toEqual(['b']);
    flushWaitingPaints();
    expect(painted).toEqual(['b']);
  });
});
