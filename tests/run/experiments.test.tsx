import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { EngineError, fromRows } from '../../src/engine';
import { EXPERIMENT_CACHE_SIZE, experimentCache, OutcomeCache } from '../../src/run/experiments/cache';
import { paramsKey } from '../../src/run/experiments/paramsKey';
import { EXPERIMENTS, runExperiment } from '../../src/run/experiments/table';
import { experimentsSettled, latestValue, useExperiment } from '../../src/run/experiments/useExperiment';

beforeEach(() => experimentCache.clear());

describe('paramsKey', () => {
  it('keys numbers, strings, arrays and plain objects by value', () => {
    expect(paramsKey('x', { a: 1, b: ['p', 'q'], c: { x: 1, y: 2 } })).toBe(paramsKey('x', { a: 1, b: ['p', 'q'], c: { x: 1, y: 2 } }));
    expect(paramsKey('x', { a: 1 })).not.toBe(paramsKey('x', { a: 2 }));
    expect(paramsKey('x', { a: 1 })).not.toBe(paramsKey('y', { a: 1 }));
    expect(paramsKey('x', { a: Number.NaN })).not.toBe(paramsKey('x', { a: null }));
    expect(paramsKey('x', { a: undefined })).not.toBe(paramsKey('x', { a: null }));
  });

  it('keys a matrix on its shape and the identity of its data, and objects with getters by identity', () => {
    const m = fromRows([[1, 2]]);
    expect(paramsKey('x', { m })).toBe(paramsKey('x', { m: { ...m } }));
    expect(paramsKey('x', { m })).not.toBe(paramsKey('x', { m: fromRows([[1, 2]]) }));
    let reads = 0;
    const lazy = {
      get weights() {
        reads++;
        return m;
      },
    };
    expect(paramsKey('x', { lazy })).toBe(paramsKey('x', { lazy }));
    expect(reads).toBe(0);
  });
});

describe('OutcomeCache', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new OutcomeCache(2);
    cache.set('a', { ok: true, value: 1 });
    cache.set('b', { ok: true, value: 2 });
    cache.get('a');
    cache.set('c', { ok: true, value: 3 });
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toEqual({ ok: true, value: 1 });
    expect(cache.size).toBe(2);
    expect(EXPERIMENT_CACHE_SIZE).toBeGreaterThanOrEqual(16);
  });
});

describe('the experiments table', () => {
  it('marks the slow experiments off the page and runs each of them as the engine does', () => {
    const slow = Object.entries(EXPERIMENTS).filter(([, e]) => e.offPage).map(([name]) => name).sort();
    expect(slow).toEqual(['cross-attention', 'dot-product-stats', 'entropy-curve', 'permutation', 'rank-collapse', 'score-maps', 'softmax-entropy', 'unscaled-attention']);
    expect(runExperiment('vector-drag', { query: { x: 1, y: 0 }, keys: [{ x: 1, y: 0 }, { x: -1, y: 0 }] }).weights[0]).toBeCloseTo(Math.E ** 1 / (Math.E + Math.E ** -1), 6);
  });
});

function Probe({ name, dk }: { readonly name: 'softmax-entropy' | 'qkv'; readonly dk: number }) {
  const [, setTick] = useState(0);
  const slow = useExperiment('softmax-entropy', name === 'softmax-entropy' ? { dk, rowLength: 16 } : null);
  const fast = useExperiment('qkv-attention', { q: [[dk, 0]], k: [[1, 0]], v: [[1, 2]] });
  const value = latestValue(slow);
  return (
    <div>
      <p data-testid="slow">{slow.status === 'done' ? `done ${slow.value.scaled.toFixed(3)}` : slow.status === 'pending' ? `pending ${value ? 'with previous' : 'empty'}` : 'error'}</p>
      <p data-testid="fast">{fast.status === 'done' ? fast.value.output.data[1] : fast.status}</p>
      <button type="button" onClick={() => setTick((n) => n + 1)}>
        again
      </button>
    </div>
  );
}

describe('useExperiment', () => {
  it('computes a fast experiment during render, and a slow one after the first paint, memoised by params', async () => {
    const { rerender } = render(<Probe name="softmax-entropy" dk={64} />);
    expect(screen.getByTestId('fast')).toHaveTextContent('2');
    expect(screen.getByTestId('slow')).toHaveTextContent('pending empty');
    await act(async () => {
      await experimentsSettled();
    });
    const answer = runExperiment('softmax-entropy', { dk: 64, rowLength: 16 }).scaled.toFixed(3);
    expect(screen.getByTestId('slow')).toHaveTextContent(`done ${answer}`);
    // Another d_k: pending, with the previous result kept for drawing.
    rerender(<Probe name="softmax-entropy" dk={128} />);
    expect(screen.getByTestId('slow')).toHaveTextContent('pending with previous');
    await act(async () => {
      await experimentsSettled();
    });
    // Back to 64: from the cache, at once.
    rerender(<Probe name="softmax-entropy" dk={64} />);
    expect(screen.getByTestId('slow')).toHaveTextContent(`done ${answer}`);
  });

  it('hands an EngineError back as the error state, and null params as pending', async () => {
    // A matrix param is keyed by identity: it must be the same object on every render (the run's, or memoised).
    const input = fromRows([[1, 2, 3], [4, 5, 6]]);
    function Refused() {
      const state = useExperiment('rank-collapse', { input, depth: 2, numHeads: 2, seed: 1 });
      const none = useExperiment('rank-collapse', null);
      return (
        <p data-testid="state">
          {state.status === 'error' ? (state.error instanceof EngineError ? state.error.code : 'other') : state.status} {none.status}
        </p>
      );
    }
    render(<Refused />);
    await act(async () => {
      await experimentsSettled();
    });
    expect(screen.getByTestId('state')).toHaveTextContent('heads-do-not-divide pending');
  });
});
