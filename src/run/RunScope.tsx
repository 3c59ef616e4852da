import type { ReactNode } from 'react';
import { ModelScope, type LabModelScope } from '../state/modelScope';
import { RunContext, useRunSubscription } from './useLabComputation';

/**
 * A page root's one subscription to the run (the lab, an embed, a custom element, a lesson's model scope): every view
 * under it reads this state through useLabComputation(). The children are the root's own elements, so a new run
 * re-renders only the views that read it, as before.
 */
export function RunScope({ children }: { readonly children?: ReactNode }) {
  const state = useRunSubscription(true);
  return <RunContext value={state}>{children}</RunContext>;
}

/** A <ModelScope> with its own run: the views under it run `model` (or the settings' choice) and share that run. */
export function ModelRunScope({ model, children }: { readonly model: LabModelScope; readonly children?: ReactNode }) {
  return (
    <ModelScope model={model}>
      <RunScope>{children}</RunScope>
    </ModelScope>
  );
}
