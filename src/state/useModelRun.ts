import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EngineError, MAX_TOKENS, runModel, type ModelRun } from '../engine';
import { useLab } from './labStore';

export type RunResult = { readonly ok: true; readonly run: ModelRun } | { readonly ok: false; readonly error: EngineError };

/** Runs the engine on the store's settings; memoised so only a settings change recomputes. */
export function useModelRun(): RunResult {
  const s = useLab(
    useShallow((st) => ({
      text: st.text,
      embedDim: st.embedDim,
      numHeads: st.numHeads,
      numLayers: st.numLayers,
      seed: st.seed,
      positionalEncoding: st.positionalEncoding,
      causal: st.causal,
    })),
  );
  return useMemo((): RunResult => {
    try {
      const run = runModel(
        s.text,
        { embedDim: s.embedDim, numHeads: s.numHeads, numLayers: s.numLayers, seed: s.seed },
        { positionalEncoding: s.positionalEncoding, mask: { causal: s.causal }, tokenize: { maxTokens: MAX_TOKENS, overflow: 'truncate' } },
      );
      return { ok: true, run };
    } catch (err) {
      if (err instanceof EngineError) return { ok: false, error: err };
      throw err;
    }
  }, [s]);
}
