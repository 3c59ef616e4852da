import { HEIGHT_MESSAGE } from '../../src/shared/embedContract';
import { reportHeight } from '../../src/widgets/reportHeight';

/** A ResizeObserver whose observations the test triggers. */
class FakeResizeObserver {
  static last: FakeResizeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    FakeResizeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
    this.callback();
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
}

let height = 100.2;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(document.documentElement, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function framedWindow() {
  const postMessage = vi.fn();
  const win = { document, parent: { postMessage } } as unknown as Window;
  return { win, postMessage };
}

describe('reportHeight', () => {
  it('posts the rounded-up height at once and whenever it changes, only the height', () => {
    height = 100.2;
    const { win, postMessage } = framedWindow();
    const stop = reportHeight(win);
    const observer = FakeResizeObserver.last!;
    expect(observer.observed).toEqual([document.documentElement]);
    expect(postMessage).toHaveBeenLastCalledWith({ type: HEIGHT_MESSAGE, height: 101 }, '*');

    height = 100.9; // same whole pixels: nothing new to say
    observer.callback();
    expect(postMessage).toHaveBeenCalledTimes(1);

    height = 240;
    observer.callback();
    expect(postMessage).toHaveBeenLastCalledWith({ type: HEIGHT_MESSAGE, height: 240 }, '*');
    expect(Object.keys(postMessage.mock.calls[1][0] as object)).toEqual(['type', 'height']);

    height = 0; // never a zero or negative height
    observer.callback();
    expect(postMessage).toHaveBeenLastCalledWith({ type: HEIGHT_MESSAGE, height: 1 }, '*');
    stop();
    expect(observer.disconnected).toBe(true);
  });

  it('does nothing outside a frame', () => {
    FakeResizeObserver.last = null;
    const postMessage = vi.spyOn(window, 'postMessage');
    expect(window.parent).toBe(window);
    reportHeight(window)();
    expect(FakeResizeObserver.last).toBeNull();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
