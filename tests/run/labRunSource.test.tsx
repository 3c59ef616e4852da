import { act, render, renderHook } from '@testing-library/react';
import { createLabStore, DEFAULT_SETTINGS, LabStoreProvider, useLab } from '../../src/state/labStore';
import { labRunSource } from '../../src/run/labRunSource';
import { ModelScope } from '../../src/state/modelScope';
import { useLabComputation } from '../../src/run/useLabComputation';
import type { LabResult } from '../../src/run/computeLab';

beforeEach(() => useLab.setState({ ...DEFAULT_SETTINGS, model: 'untrained', text: 'the cat sat on the mat' }));

/** Renders `count` views side by side, each recording the run it was given. */
function renderViews(count: number, wrap: (children: React.ReactNode) => React.ReactNode = (c) => c) {
  const seen: LabResult[][] = Array.from({ length: count }, () => []);
  const View = ({ index }: { readonly index: number }) => {
    seen[index].push(useLabComputation());
    return null;
  };
  render(<>{wrap(Array.from({ length: count }, (_, i) => <View key={i} index={i} />))}</>);
  return seen;
}

describe('labRunSource: one computation per lab store and model scope', () => {
  it('gives every view on the page the same run object, and a new one only when an input changes', () => {
    const seen = renderViews(3);
    const first = seen[0].at(-1)!;
    expect(seen[1].at(-1)).toBe(first);
    expect(seen[2].at(-1)).toBe(first);
    // Looking at another head changes no number: the run is the same object.
    act(() => useLab.getState().set({ selectedHead: 2, selectedLayer: 1 }));
    expect(seen.every((s) => s.at(-1) === first)).toBe(true);
    act(() => useLab.getState().toggleHead(0, 1));
    const toggled = seen[0].at(-1)!;
    expect(toggled).not.toBe(first);
    expect(seen[1].at(-1)).toBe(toggled);
    expect(toggled.ok && [...toggled.disabledHeads[0]]).toEqual([1]);
  });

  it('computes once for many readers', () => {
    const source = labRunSource(useLab, 'settings', 512);
    const { result } = renderHook(() => [source.getSnapshot(), source.getSnapshot()]);
    expect(result.current[0]).toBe(result.current[1]);
  });

  it('keeps a custom element’s store apart from the page’s', () => {
    const element = createLabStore({ ...DEFAULT_SETTINGS, model: 'untrained', text: 'a b c d e' });
    const seen = renderViews(2, (children) => <LabStoreProvider store={element}>{children}</LabStoreProvider>);
    const page = renderViews(1);
    const inElement = seen[0].at(-1)!;
    expect(inElement.ok && inElement.tokens.length).toBe(5);
    const onPage = page[0].at(-1)!;
    expect(onPage.ok && onPage.tokens.length).toBe(6);
    act(() => element.getState().toggleHead(0, 0));
    // The element's views got the new run; the page's kept theirs.
    expect(seen[1].at(-1)).not.toBe(inElement);
    expect(page[0]).toHaveLength(1);
  });

  it('gives a lesson’s <ModelScope> its own run of the same settings', () => {
    useLab.setState({ model: 'trained' });
    const inScope = renderViews(1, (children) => <ModelScope model="untrained">{children}</ModelScope>);
    const outside = renderViews(1);
    // The trained model's file is not loaded in tests, so both run the untrained encoder, but from separate sources.
    expect(labRunSource(useLab, 'untrained', 512)).not.toBe(labRunSource(useLab, 'settings', 512));
    expect(inScope[0].at(-1)!.ok).toBe(true);
    expect(outside[0].at(-1)!.ok).toBe(true);
  });
});
