import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { ModelChoice } from './modelChoice';

/*
 * Where the settings' model choice applies. The lab, the walkthrough and the embeds run the model the student
 * chose; the lessons teach the mechanics on the untrained encoder (its width, heads and seed are theirs to change),
 * except where a lesson wraps a widget in <ModelScope model="trained">.
 */
/** 'settings': the model the student chose; a model choice: the one a lesson's <ModelScope> fixes. */
export type LabModelScope = ModelChoice | 'settings';

const Scope = createContext<LabModelScope>('settings');

export function ModelScope({ model, children }: { readonly model: LabModelScope; readonly children?: ReactNode }): ReactNode {
  return createElement(Scope.Provider, { value: model }, children);
}

/** The calling view's scope: 'settings', or the model a <ModelScope> above fixes. */
export function useModelScope(): LabModelScope {
  return useContext(Scope);
}

/** The model the calling view runs: the settings' choice unless a ModelScope above fixes it. */
export function useScopedModel(chosen: ModelChoice): ModelChoice {
  const scope = useContext(Scope);
  return scope === 'settings' ? chosen : scope;
}
