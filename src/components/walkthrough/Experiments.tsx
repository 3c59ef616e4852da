import { useId } from 'react';
import { MAX_COLLAPSE_DEPTH, SCALING_DKS } from '../../engine/experiments';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { latestValue, useExperiment, type ExperimentState } from '../../run/experiments';
import { useLab } from '../../state/labStore';
import { DK_EXPONENT_MAX, DK_EXPONENT_MIN, useWalkthrough } from '../../state/walkthroughStore';
import { LinePlot } from './LinePlot';
import { MatrixView } from './MatrixView';
import type { WalkthroughData } from './walkthroughData';

const ROW_LENGTH = 16;
const SAMPLES = 4000;
const fmt = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '—');

/**
 * What an experiment's place shows while it has nothing to draw (useExperiment in src/run/experiments): "Computing…"
 * while it computes after the first paint, or the engine's refusal. Nothing once it is done.
 */
export function ExperimentStatus({ state, className }: { readonly state: ExperimentState<unknown>; readonly className?: string }) {
  const t = useT();
  if (state.status === 'done') return null;
  return (
    <p className={className ?? 'wt-note'} role="status" data-experiment-status={state.status}>
      {state.status === 'error' ? engineErrorMessage(t, state.error) : t('experiment.pending')}
    </p>
  );
}

/** Var(q·k) and softmax entropy against d_k, from seeded random vectors. */
export function ScalingExperiment() {
  const t = useT();
  const exponent = useWalkthrough((s) => s.dkExponent);
  const set = useWalkthrough((s) => s.set);
  const dk = 2 ** exponent;
  // A lesson may show this experiment next to the walkthrough's copy of it: ids must stay unique.
  const titleId = useId();
  // Slow (off the first paint): each keeps its last numbers, marked busy, while the next d_k computes.
  const curveState = useExperiment('entropy-curve', { dks: SCALING_DKS, rowLength: ROW_LENGTH });
  const varianceState = useExperiment('dot-product-stats', { dk, samples: SAMPLES });
  const pointState = useExperiment('softmax-entropy', { dk, rowLength: ROW_LENGTH });
  const curve = latestValue(curveState);
  const variance = latestValue(varianceState);
  const point = latestValue(pointState);
  const busy = curveState.status === 'pending' || varianceState.status === 'pending' || pointState.status === 'pending';
  return (
    <section className="wt-experiment" aria-labelledby={titleId} aria-busy={busy}>
      <h3 id={titleId}>{t('walkthrough.sqrt.title')}</h3>
      <label className="wt-slider">
        <span>{t('walkthrough.sqrt.dkLabel')}</span>
        <input
          type="range"
          min={DK_EXPONENT_MIN}
          max={DK_EXPONENT_MAX}
          step={1}
          value={exponent}
          aria-valuetext={t('walkthrough.sqrt.dk', { dk })}
          onChange={(e) => set({ dkExponent: Number(e.target.value) })}
        />
        <output data-testid="wt-dk">{t('walkthrough.sqrt.dk', { dk })}</output>
      </label>
      {variance ? (
        <p data-testid="wt-variance">{t('walkthrough.sqrt.variance', { samples: SAMPLES, unscaled: fmt(variance.varianceUnscaled, 1), scaled: fmt(variance.varianceScaled) })}</p>
      ) : (
        <ExperimentStatus state={varianceState} />
      )}
      {point ? (
        <p>{t('walkthrough.sqrt.entropy', { L: ROW_LENGTH, unscaled: fmt(point.unscaled), scaled: fmt(point.scaled), max: fmt(point.maxEntropy) })}</p>
      ) : (
        <ExperimentStatus state={pointState} />
      )}
      {curve ? (
        <LinePlot
          title={t('walkthrough.sqrt.plot')}
          x={SCALING_DKS}
          logX
          marker={dk}
          yDomain={[0, Math.log(ROW_LENGTH)]}
          xLabel={t('walkthrough.sqrt.xAxis')}
          yLabel={t('walkthrough.sqrt.yAxis')}
          series={[
            { label: t('walkthrough.sqrt.unscaled'), values: curve.map((c) => c.unscaled), className: 'wt-plot__line--a' },
            { label: t('walkthrough.sqrt.scaled'), values: curve.map((c) => c.scaled), className: 'wt-plot__line--b' },
          ]}
        />
      ) : (
        <ExperimentStatus state={curveState} />
      )}
      <p className="wt-note">{t('walkthrough.sqrt.note')}</p>
    </section>
  );
}

/** The selected head's weights with and without 1/√d_k, side by side, on the student's own sentence. */
export function UnscaledComparison({ data }: { readonly data: WalkthroughData }) {
  const t = useT();
  const on = useWalkthrough((s) => s.compareUnscaled);
  const set = useWalkthrough((s) => s.set);
  const unscaledState = useExperiment('unscaled-attention', on ? { q: data.q, k: data.k, v: data.v, mask: data.mask } : null);
  const unscaled = on ? latestValue(unscaledState) : null;
  return (
    <section className="wt-experiment" aria-busy={on && unscaledState.status === 'pending'}>
      <label className="wt-check">
        <input type="checkbox" checked={on} onChange={(e) => set({ compareUnscaled: e.target.checked })} /> {t('walkthrough.compare.toggle')}
      </label>
      {on && !unscaled && <ExperimentStatus state={unscaledState} />}
      {unscaled && (
        <>
          <p className="wt-note">{t('walkthrough.compare.note')}</p>
          <div className="wt-matrices">
            <MatrixView id="weights-scaled" label={t('walkthrough.matrix.weights')} matrix={data.head.weights} rowLabels={data.tokens} kind="weights" attention mask={data.mask} />
            <MatrixView id="weights-unscaled" label={t('walkthrough.matrix.weightsUnscaled')} matrix={unscaled.weights} rowLabels={data.tokens} kind="weights" attention mask={data.mask} />
          </div>
        </>
      )}
    </section>
  );
}

/** Mean pairwise cosine similarity per layer of a random stack, residuals on and off, on the student's tokens. */
export function ResidualExperiment({ data }: { readonly data: WalkthroughData }) {
  const t = useT();
  const depth = useWalkthrough((s) => s.collapseDepth);
  const set = useWalkthrough((s) => s.set);
  const seed = useLab((s) => s.seed);
  const titleId = useId();
  const input = data.layer.input;
  const enough = data.tokens.length >= 2;
  const curvesState = useExperiment('rank-collapse', enough ? { input, depth, numHeads: data.numHeads, seed } : null);
  const curves = enough ? latestValue(curvesState) : null;
  return (
    <section className="wt-experiment" aria-labelledby={titleId} aria-busy={enough && curvesState.status === 'pending'}>
      <h3 id={titleId}>{t('walkthrough.residual.title')}</h3>
      <label className="wt-slider">
        <span>{t('walkthrough.residual.depthLabel')}</span>
        <input type="range" min={1} max={MAX_COLLAPSE_DEPTH} step={1} value={depth} onChange={(e) => set({ collapseDepth: Number(e.target.value) })} />
        <output>{t('walkthrough.residual.depth', { depth })}</output>
      </label>
      {curves ? (
        <>
          <p data-testid="wt-collapse-result">
            {t('walkthrough.residual.result', { depth, on: fmt(curves.withResidual[depth]), off: fmt(curves.withoutResidual[depth]) })}
          </p>
          <LinePlot
            title={t('walkthrough.residual.plot')}
            x={curves.depths}
            yDomain={[Math.min(0, ...curves.withResidual), 1]}
            xLabel={t('walkthrough.residual.xAxis')}
            yLabel={t('walkthrough.residual.yAxis')}
            series={[
              { label: t('walkthrough.residual.on'), values: curves.withResidual, className: 'wt-plot__line--b' },
              { label: t('walkthrough.residual.off'), values: curves.withoutResidual, className: 'wt-plot__line--a' },
            ]}
          />
          <p className="wt-note">{t('walkthrough.residual.note')}</p>
        </>
      ) : enough ? (
        <ExperimentStatus state={curvesState} />
      ) : (
        <p>{t('walkthrough.residual.needTwo')}</p>
      )}
    </section>
  );
}
