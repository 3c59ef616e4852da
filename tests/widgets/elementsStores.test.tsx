import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useT } from '../../src/i18n/translate';
import { createUiStore, UiStoreProvider, useUi, useUiStore } from '../../src/state/uiStore';
import { createLabStore, DEFAULT_SETTINGS, LabStoreProvider, useLab, useLabStore } from '../../src/state/labStore';
import { createWalkthroughStore, DEFAULT_WALKTHROUGH, useWalkthrough, useWalkthroughStore, WalkthroughStoreProvider } from '../../src/state/walkthroughStore';

/* The stores a custom element swaps in with Providers; without one, the app's global stores as before. */

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  act(() => useUi.setState({ locale: 'en' }));
});

describe('useLab with and without a LabStoreProvider', () => {
  it('reads the global store outside any Provider, and the Provider’s store inside one', () => {
    const own = createLabStore({ text: 'own sentence', numHeads: 2 });
    const wrapper = ({ children }: { children?: ReactNode }) => <LabStoreProvider store={own}>{children}</LabStoreProvider>;
    const global = renderHook(() => useLab((s) => s.text));
    const scoped = renderHook(() => useLab((s) => s.text), { wrapper });
    expect(global.result.current).toBe(DEFAULT_SETTINGS.text);
    expect(scoped.result.current).toBe('own sentence');

    act(() => own.getState().set({ text: 'changed' }));
    expect(scoped.result.current).toBe('changed');
    expect(global.result.current).toBe(DEFAULT_SETTINGS.text);

    act(() => useLab.setState({ text: 'global change' }));
    expect(global.result.current).toBe('global change');
    expect(scoped.result.current).toBe('changed');
  });

  it('returns the whole state without a selector, and useLabStore gives the store a component renders from', () => {
    const own = createLabStore();
    const wrapper = ({ children }: { children?: ReactNode }) => <LabStoreProvider store={own}>{children}</LabStoreProvider>;
    const { result } = renderHook(() => ({ state: useLab(), api: useLabStore() }), { wrapper });
    expect(result.current.api).toBe(own);
    expect(result.current.state.numHeads).toBe(DEFAULT_SETTINGS.numHeads);
    expect(renderHook(() => useLabStore()).result.current.getState()).toBe(useLab.getState());
  });

  it('gives each store made by the factory its own actions and state', () => {
    const a = createLabStore();
    const b = createLabStore();
    a.getState().toggleHead(0, 1);
    a.getState().togglePadding(2);
    expect(a.getState().disabledHeads).toEqual([{ layer: 0, head: 1 }]);
    expect(b.getState().disabledHeads).toEqual([]);
    expect(useLab.getState().paddingTokens).toEqual([]);
    a.getState().reset();
    expect(a.getState().disabledHeads).toEqual([]);
  });
});

describe('useWalkthrough and useUi with Providers', () => {
  it('scopes the walkthrough store', () => {
    const own = createWalkthroughStore({ dkExponent: 3 });
    const wrapper = ({ children }: { children?: ReactNode }) => <WalkthroughStoreProvider store={own}>{children}</WalkthroughStoreProvider>;
    const { result } = renderHook(() => ({ dk: useWalkthrough((s) => s.dkExponent), api: useWalkthroughStore() }), { wrapper });
    expect(result.current.dk).toBe(3);
    act(() => result.current.api.getState().next());
    expect(own.getState().step).toBe('embeddings');
    expect(useWalkthrough.getState().step).toBe(DEFAULT_WALKTHROUGH.step);
  });

  it('translates with the Provider’s locale, and an element’s ui store remembers nothing', () => {
    localStorage.removeItem('attention-lab-ui');
    const own = createUiStore('zh');
    function Title() {
      return <h1>{useT()('selectedHead.titleHead', { layer: 1, head: 2 })}</h1>;
    }
    render(
      <>
        <Title />
        <UiStoreProvider store={own}>
          <Title />
        </UiStoreProvider>
      </>,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Layer 1, head 2', '第 1 层，头 2']);
    act(() => own.getState().setLocale('en'));
    expect(localStorage.getItem('attention-lab-ui')).toBeNull();
    expect('persist' in own).toBe(false);
    // The global store keeps its persist API (the embed page turns its storage off through it).
    expect(typeof useUi.persist.setOptions).toBe('function');
    expect(renderHook(() => useUiStore()).result.current.getState()).toBe(useUi.getState());
  });
});
