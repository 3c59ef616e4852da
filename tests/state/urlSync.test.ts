import { act, renderHook } from '@testing-library/react';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../src/state/labStore';
import { applyQuery, currentShareUrl, initUrlSync, URL_WRITE_DELAY_MS, useUrlNotices, useUrlSync } from '../../src/state/url/urlSync';

function goTo(url: string): void {
  window.history.replaceState(null, '', url);
}

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
  useUrlNotices.setState({ notices: [] });
  goTo('/');
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('URL sync', () => {
  it('on start, the store receives the settings of window.location.search, and the locale its lang', () => {
    goTo('/lab?text=Hello+world&d=16&h=2&mask=causal&head=avg&lang=zh');
    stop = initUrlSync();
    expect(settingsOf(useLab.getState())).toEqual({ ...DEFAULT_SETTINGS, model: 'untrained', text: 'Hello world', embedDim: 16, numHeads: 2, maskMode: 'causal', selectedHead: 'average' });
    expect(useUi.getState().locale).toBe('zh');
    expect(useUrlNotices.getState().notices).toEqual([]);
  });

  it('refused values become notices, and the address bar is cleaned to the canonical link', () => {
    goTo('/?d=abc&h=2&mask=evil');
    const replace = vi.spyOn(window.history, 'replaceState');
    stop = initUrlSync();
    expect(useUrlNotices.getState().notices.map((n) => n.param)).toEqual(['d', 'mask']);
    expect(useLab.getState()).toMatchObject({ embedDim: 32, numHeads: 2, maskMode: 'none' });
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(window.location.search).toBe('?h=2&lang=en');
  });

  it('after store changes, history.replaceState gets the new query once, debounced', () => {
    stop = initUrlSync();
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    const replace = vi.spyOn(window.history, 'replaceState');
    useLab.getState().set({ text: 'a' });
    useLab.getState().set({ text: 'ab' });
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS - 10);
    useLab.getState().set({ text: 'abc' });
    useLab.getState().toggleHead(1, 3);
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS - 1);
    expect(replace).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace.mock.calls[0][2]).toBe('/?text=abc&off=1-3&lang=en');
    expect(window.location.search).toBe('?text=abc&off=1-3&lang=en');

    useUi.getState().setLocale('zh');
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?text=abc&off=1-3&lang=zh');
  });

  it('does not write when the query is unchanged', () => {
    goTo('/?seed=3&lang=en');
    stop = initUrlSync();
    const replace = vi.spyOn(window.history, 'replaceState');
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    useLab.getState().set({ seed: 3 });
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(replace).not.toHaveBeenCalled();
  });

  it('drops parameters that are not the lab’s (nothing on the page reads them) with a notice, and keeps the hash', () => {
    goTo('/?lesson=2&d=16&h=2#step-3');
    stop = initUrlSync();
    expect(useUrlNotices.getState().notices).toEqual([{ param: 'lesson', value: '2', reason: 'unknown', fallback: '' }]);
    useLab.getState().set({ seed: 9 });
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?d=16&h=2&seed=9&lang=en');
    expect(window.location.hash).toBe('#step-3');
    expect(currentShareUrl()).toBe(`${window.location.origin}/?d=16&h=2&seed=9&lang=en#step-3`);
  });

  it('the share URL is current even before the debounced write', () => {
    stop = initUrlSync();
    useLab.getState().set({ maskMode: 'causal' });
    expect(currentShareUrl()).toBe(`${window.location.origin}/?mask=causal&lang=en`);
  });

  it('back / forward (popstate) reads the URL again; settings it does not name return to their defaults', () => {
    goTo('/?seed=5&layers=3');
    stop = initUrlSync();
    useLab.getState().set({ positionalEncoding: false });
    goTo('/?layers=1&h=8');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(settingsOf(useLab.getState())).toEqual({ ...DEFAULT_SETTINGS, model: 'untrained', numLayers: 1, numHeads: 8 });
  });

  it('a hash-only move (a lesson link) keeps a change that was not written yet', () => {
    goTo('/?seed=5');
    stop = initUrlSync();
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    useLab.getState().set({ maskMode: 'causal' });
    window.history.pushState(null, '', `${window.location.pathname}${window.location.search}#/lessons/masking`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(useLab.getState().maskMode).toBe('causal');
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?seed=5&mask=causal&lang=en');
    expect(window.location.hash).toBe('#/lessons/masking');
  });

  it('a pending write is flushed when the page is hidden', () => {
    stop = initUrlSync();
    useLab.getState().set({ model: 'untrained', seed: 42 });
    window.dispatchEvent(new Event('pagehide'));
    expect(window.location.search).toBe('?seed=42&lang=en');
  });

  it('stops writing once disposed', () => {
    stop = initUrlSync();
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    stop();
    stop = undefined;
    const replace = vi.spyOn(window.history, 'replaceState');
    useLab.getState().set({ seed: 1 });
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS * 2);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(replace).not.toHaveBeenCalled();
    expect(useLab.getState().seed).toBe(1);
  });

  it('survives a browser that refuses replaceState (Safari rate limit)', () => {
    stop = initUrlSync();
    vi.spyOn(window.history, 'replaceState').mockImplementation(() => {
      throw new DOMException('Attempt to use history.replaceState() more than 100 times per 30 seconds', 'SecurityError');
    });
    useLab.getState().set({ seed: 2 });
    expect(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS)).not.toThrow();
  });

  it('useUrlSync() does the same while mounted', () => {
    goTo('/?layers=3&layer=2');
    const { unmount } = renderHook(() => useUrlSync());
    expect(useLab.getState()).toMatchObject({ numLayers: 3, selectedLayer: 2 });
    act(() => useLab.getState().set({ numLayers: 4 }));
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?layers=4&layer=2&lang=en');
    unmount();
    act(() => useLab.getState().set({ numLayers: 1, selectedLayer: 0 }));
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?layers=4&layer=2&lang=en');
  });

  it('applyQuery replaces the previous notices', () => {
    applyQuery('d=abc');
    expect(useUrlNotices.getState().notices).toHaveLength(1);
    applyQuery('d=16');
    expect(useUrlNotices.getState().notices).toEqual([]);
  });
});
