import { useId, useMemo } from 'react';
import { scaledDotProductAttention } from '../../engine';
import { dotProductStats, entropyCurve, MAX_COLLAPSE_DEPTH, rankCollapseCurves, SCALING_DKS, softmaxEntropyStats } from '../../engine/experiments';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { DK_EXPONENT_MAX, DK_EXPONENT_MIN, useWalkthrough } from '../../state/walkthroughStore';
import { LinePlot } from './LinePlot';
import { MatrixView } from './MatrixView';
import type { WalkthroughData } from './walkthroughData';

const ROW_LENGTH = 16;
const SAMPLES = 4000;
const fmt = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '—');

/** Var(q·k) and softmax entropy against d_k, from seeded random vectors. */
export function ScalingExperiment() {
  const t = useT();
  const exponent = useWalkthrough((s) => s.dkExponent);
  const set = useWalkthrough((s) => s.set);
  const dk = 2 ** exponent;
  // A lesson may show this experiment next to the walkthrough's copy of it: ids must stay unique.
  const titleId = useId();
  const curve = useMemo(() => entropyCurve(SCALING_DKS, ROW_LENGTH), []);
  const variance = useMemo(() => dotProductStats(dk, SAMPLES), [dk]);
  const point = useMemo(() => softmaxEntropyStats(dk, ROW_LENGTH), [dk]);
  return (
    <section className="wt-experiment" aria-labelledby={titleId}>
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
      <p data-testid="wt-variance">{t('walkthrough.sqrt.variance', { samples: SAMPLES, unscaled: fmt(variance.varianceUnscaled, 1), scaled: fmt(variance.varianceScaled) })}</p>
      <p>{t('walkthrough.sqrt.entropy', { L: ROW_LENGTH, unscaled: fmt(point.unscaled), scaled: fmt(point.scaled), max: fmt(point.maxEntropy) })}</p>
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
      <p className="wt-note">{t('walkthrough.sqrt.note')}</p>
    </section>
  );
}

/** The selected head's weights with and without 1/√d_k, side by side, on the student's own sentence. */
export function UnscaledComparison({ data }: { readonly data: WalkthroughData }) {
  const t = useT();
  const on = useWalkthrough((s) => s.compareUnscaled);
  const set = useWalkthrough((s) => s.set);
  const unscaled = useMemo(() => (on ? scaledDotProductAttention(data.q, data.k, data.v, { mask: data.mask, scale: false }) : null), [on, data.q, data.k, data.v, data.mask]);
  return (
    <section className="wt-experiment">
      <label className="wt-check">
        <input type="checkbox" checked={on} onChange={(e) => set({ compareUnscaled: e.target.checked })} /> {t('walkthrough.compare.toggle')}
      </label>
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
  const curves = useMemo(
    () => (data.tokens.length >= 2 ? rankCollapseCurves(input, { depth, numHeads: data.numHeads, seed }) : null),
    [input, depth, data.numHeads, data.tokens.length, seed],
  );
  return (
    <section className="wt-experiment" aria-labelledby={titleId}>
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
      ) : (
        <p>{t('walkthrough.residual.needTwo')}</p>
      )}
    </section>
  );
}
