import { act, renderHook } from '@testing-library/react';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { TYPING_PAUSE_MS, useLabComputationState } from '../../src/run/useLabComputation';

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
    // The text's own tokens are there at once, for the chips: tokenizing costs nothing next to the run.
    expect(result.current.heldTokens?.map((tk) => tk.text).slice(-2)).toEqual(['word79', 'extra']);
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS + 10));
    expect(tokenCount(result.current)).toBe(81);
    expect(result.current.pending).toBe(false);
    expect(result.current.heldTokens).toBeUndefined();
  });

  it('computes a paste in the next task, without waiting for a pause in typing; its tokens show at once', () => {
    const { result } = renderHook(() => useLabComputationState());
    const pasted = `${longText} ${Array.from({ length: 20 }, (_, i) => `pasted${i}`).join(' ')}`;
    act(() => useLab.getState().set({ text: pasted }));
    expect(result.current.pending).toBe(true);
    expect(result.current.heldTokens).toHaveLength(100);
    act(() => vi.advanceTimersByTime(0));
    expect(tokenCount(result.current)).toBe(100);
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
