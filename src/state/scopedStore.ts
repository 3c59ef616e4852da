import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';

/*
 * A Zustand store that a subtree can swap for another instance. The app uses one global store per concern; a
 * custom element (several per page, each with its own sentence) mounts its React tree under Providers that hand
 * every component its own instances, made by the same factory. Shapes:
 *
 *   const lab = scopedStore(createLabStore());
 *   lab.use(selector)          // a hook: the nearest Provider's store, else the global one
 *   lab.use.getState() / .setState() / .subscribe()   // always the global store (urlSync, presets, tests)
 *   lab.useApi().getState()    // in a component's event handler: the store that component renders from
 *   <lab.Provider store={createLabStore(…)}>…</lab.Provider>
 */

/** The hook, with the global store's API (and any middleware API, e.g. persist) on it, like Zustand's `create`. */
export type ScopedHook<S, A extends StoreApi<S>> = {
  (): S;
  <U>(selector: (state: S) => U): U;
} & A;

export interface ScopedProviderProps<S> {
  readonly store: StoreApi<S>;
  readonly children?: ReactNode;
}

export interface ScopedStore<S, A extends StoreApi<S>> {
  readonly use: ScopedHook<S, A>;
  /** The store the calling component reads (for getState in handlers and render). */
  readonly useApi: () => StoreApi<S>;
  readonly Provider: (props: ScopedProviderProps<S>) => ReactNode;
}

export function scopedStore<S, A extends StoreApi<S> = StoreApi<S>>(globalApi: A): ScopedStore<S, A> {
  const Context = createContext<StoreApi<S> | null>(null);
  const useApi = (): StoreApi<S> => useContext(Context) ?? globalApi;
  const identity = (state: S): S => state;
  function useScoped<U>(selector?: (state: S) => U): U | S {
    const select: (state: S) => U | S = selector ?? identity;
    return useStore(useApi(), select);
  }
  const use = Object.assign(useScoped, globalApi) as ScopedHook<S, A>;
  const Provider = ({ store, children }: ScopedProviderProps<S>): ReactNode => createElement(Context, { value: store }, children);
  return { use, useApi, Provider };
}
