import { act, renderHook } from '@testing-library/react';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { TYPING_PAUSE_MS, useLabComputationState } from '../../src/state/useLabComputation';

const longText = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');

beforeEach(() => {
  vi.useFakeTimers();
  useLab.setState({ ...DEFAULT_SETTINGS, text: longText });
});
afterEach(() => vi.useRealTimers());

function tokenCount(state: ReturnType<typeof useLabComputationState>): number {
  return state.result.ok ? state.result.tokens.length : -1;
}

describe('useLabComputationState', () => {
  it('holds a long text until typing pauses, then computes it', () => {
    const { result } = renderHook(() => useLabComputationState());
    expect(tokenCount(result.current)).toBe(80);
    act(() => useLab.getState().set({ text: `${longText} extra` }));
    expect(tokenCount(result.current)).toBe(80);
    expect(result.current.pending).toBe(true);
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS + 10));
    expect(tokenCount(result.current)).toBe(81);
    expect(result.current.pending).toBe(false);
  });

  it('applies a head toggle at once, even on a long text', () => {
    const { result } = renderHook(() => useLabComputationState());
    act(() => useLab.getState().toggleHead(0, 1));
    expect(result.current.result.ok && result.current.result.disabledHeads[0].has(1)).toBe(true);
  });

  it('applies short text at once', () => {
    useLab.setState({ text: 'a b' });
    const { result } = renderHook(() => useLabComputationState());
    act(() => useLab.getState().set({ text: 'a b c' }));
    expect(tokenCount(result.current)).toBe(3);
  });
});
