import { act } from '@testing-library/react';
import { experimentsSettled } from '../../src/run/experiments/useExperiment';

/**
 * Waits, inside act, until every lesson widget's slow experiment (computed after the first paint by useExperiment)
 * has answered and the widgets have redrawn: call it after a render or an interaction that changes what they compute.
 */
export async function settleExperiments(): Promise<void> {
  await act(async () => {
    await experimentsSettled();
  });
}
