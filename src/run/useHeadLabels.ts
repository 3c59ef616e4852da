import { useMemo, useSyncExternalStore } from 'react';
import { CausalLmModel, EngineError, headLabelsOf, inductionSettingsFor, InductionScoring, type CausalLmRun, type HeadLabels, type LmRunModel } from '../engine';
import { nextTokenRun } from '../models/registry';
import { runnerOfModel } from '../models/runTraits';
import type { LabResult } from './computeLab';

/*
 * Head labels for the lab's current run when it is the trained language model: the previous-, first- and same-token
 * scores from the run (src/engine/lm/headLabels.ts), the induction scores from the standard probe (INDUCTION_PROBE:
 * 64 sequences of 2 × 24 + 1 tokens, seed 1, as `npm run lm -- eval`), run once per loaded model.
 *
 * The probe is 64 forward passes: about 1.2 G multiply-adds for the shipped model (its logits are never read), a few
 * seconds of a busy CPU — too long to hold the page. It runs in a Web Worker (probeOffThread.ts) where the page
 * can start one, else in slices of PROBE_SLICE_MS between tasks, started when the first labelled view mounts; the
 * text-level labels show at once and the induction scores join when it is done. On the page it runs on a private
 * copy of the model: the lab's model keeps two entries per stage cache, and 64 probe runs would evict the
 * student's run from them.
 */

/** How long one slice of the probe may hold the main thread before it yields to the page. */
export const PROBE_SLICE_MS = 12;

/** The probe of one model: its scores once every sequence has run, null before (or when it cannot run). */
export interface InductionProbeState {
  readonly status: 'measuring' | 'done' | 'unavailable';
  /** [layer][head]; null unless done. */
  readonly scores: readonly (readonly number[])[] | null;
  /** Tokens per copy (24, or less for a model whose context is shorter than 49). */
  readonly length: number;
}

interface ProbeEntry {
  state: InductionProbeState;
  started: boolean;
  readonly listeners: Set<() => void>;
}

const probes = new WeakMap<LmRunModel, ProbeEntry>();

function probeEntry(model: LmRunModel): ProbeEntry {
  let entry = probes.get(model);
  if (!entry) {
    const { length } = inductionSettingsFor(model.weights.nPositions);
    entry = { state: { status: length >= 2 ? 'measuring' : 'unavailable', scores: null, length }, started: false, listeners: new Set() };
    probes.set(model, entry);
  }
  return entry;
}

function settle(entry: ProbeEntry, state: InductionProbeState): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

/** Whether `scores` has one score per head of `model` (probeOffThread has already checked that each is finite). */
function fitsModel(scores: readonly (readonly number[])[], model: LmRunModel): boolean {
  const { numLayers, numHeads } = model.weights;
  return scores.length === numLayers && scores.every((row) => row.length === numHeads);
}

/**
 * Starts the probe of `model` (once): in a Web Worker where the page has one (probeOffThread), else, or when the
 * worker fails, on the page in slices of PROBE_SLICE_MS between tasks.
 */
function startProbe(model: LmRunModel, entry: ProbeEntry): void {
  if (entry.started || entry.state.status !== 'measuring') return;
  entry.started = true;
  const { length } = entry.state;
  // Off the page where its kind measures it there (a checkpoint's worker, the trained file's probe worker).
  const offThread = runnerOfModel(model)?.inductionProbe?.() ?? null;
  // A model whose weights are on this page can be measured here, in slices; else there is no probe.
  const here = model instanceof CausalLmModel ? model : null;
  const onPage = () => (here ? probeOnPage(here, entry, length) : settle(entry, { status: 'unavailable', scores: null, length }));
  if (!offThread) {
    onPage();
    return;
  }
  offThread.then((scores) => (fitsModel(scores, model) ? settle(entry, { status: 'done', scores, length }) : onPage()), onPage);
}

function probeOnPage(model: CausalLmModel, entry: ProbeEntry, length: number): void {
  let scoring: InductionScoring;
  try {
    // 64 probe passes: the model's head-probes variant, whose cached stages are not the lab's.
    scoring = new InductionScoring(model.variant('head-probes'), inductionSettingsFor(model.weights.nPositions));
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    settle(entry, { status: 'unavailable', scores: null, length });
    return;
  }
  const slice = () => {
    const until = performance.now() + PROBE_SLICE_MS;
    while (performance.now() < until && scoring.step());
    const scores = scoring.scores();
    if (scores) settle(entry, { status: 'done', scores, length });
    else setTimeout(slice, 0);
  };
  setTimeout(slice, 0);
}

const UNAVAILABLE: InductionProbeState = { status: 'unavailable', scores: null, length: 0 };
const noop = () => {};

/** The induction probe of `model` (null: none), started by the first component that reads it. */
export function useInductionProbe(model: LmRunModel | null): InductionProbeState {
  const subscribe = useMemo(
    () =>
      model
        ? (listener: () => void) => {
            const entry = probeEntry(model);
            entry.listeners.add(listener);
            startProbe(model, entry);
            return () => entry.listeners.delete(listener);
          }
        : () => noop,
    [model],
  );
  const snapshot = () => (model ? probeEntry(model).state : UNAVAILABLE);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The labels of a run, with the probe they were computed with. */
export interface LabHeadLabels extends HeadLabels {
  readonly probe: InductionProbeState;
}

// Several views label the same run: they share one computation per run and probe state.
const labelled = new WeakMap<CausalLmRun, LabHeadLabels>();

/**
 * The head labels of the lab's result when it is the trained model's run; null for the untrained encoder (and for
 * a failed run), which gets no labels.
 */
export function useHeadLabels(result: LabResult): LabHeadLabels | null {
  const run = nextTokenRun(result);
  const probe = useInductionProbe(run?.model ?? null);
  return useMemo(() => {
    if (!run) return null;
    const cached = labelled.get(run);
    if (cached?.probe === probe) return cached;
    const labels: LabHeadLabels = { ...headLabelsOf(run, probe.scores, { inductionLength: probe.length }), probe };
    labelled.set(run, labels);
    return labels;
  }, [run, probe]);
}
