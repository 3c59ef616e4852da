import { useMemo, useState } from 'react';
import { add, type Matrix } from '../../engine';
import type { CellRef } from '../heatmap';
import type { MessageKey } from '../../i18n/catalog';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import type { WalkthroughStepId } from '../../state/walkthroughStore';
import { ResidualExperiment, ScalingExperiment, UnscaledComparison } from './Experiments';
import { MatrixView } from './MatrixView';
import { NormOrderDiagram } from './NormOrderDiagram';
import type { WalkthroughData } from './walkthroughData';

/** The formula of each step: constants written here (they are rendered as HTML by KaTeX). */
export const FORMULAS: Readonly<Record<WalkthroughStepId, string>> = {
  tokens: String.raw`(t_1, t_2, \dots, t_L)`,
  embeddings: String.raw`X = E[t] + PE,\quad PE_{(pos,2i)} = \sin\!\left(\tfrac{pos}{10000^{2i/d}}\right),\; PE_{(pos,2i+1)} = \cos\!\left(\tfrac{pos}{10000^{2i/d}}\right)`,
  qkv: String.raw`Q = X W^Q_h + b^Q_h,\quad K = X W^K_h + b^K_h,\quad V = X W^V_h + b^V_h`,
  scores: String.raw`S = Q K^\top,\qquad S_{ij} = q_i \cdot k_j = \textstyle\sum_c Q_{ic} K_{jc}`,
  scale: String.raw`\tilde S = \frac{Q K^\top}{\sqrt{d_k}}`,
  // Language-neutral (no words inside the formula): M_ij = 1 where key j is blocked for query i; the prose says so.
  mask: String.raw`\tilde S_{ij} \leftarrow -\infty \quad (M_{ij} = 1)`,
  softmax: String.raw`A_{ij} = \frac{\exp(\tilde S_{ij})}{\sum_{j'} \exp(\tilde S_{ij'})}`,
  weightedValues: String.raw`\text{head}_h = A V,\qquad (AV)_{ic} = \textstyle\sum_j A_{ij} V_{jc}`,
  concat: String.raw`H = [\,\text{head}_1 \mid \text{head}_2 \mid \dots \mid \text{head}_n\,]`,
  outputProjection: String.raw`\text{MHA}(X) = H W^O + b^O`,
  residual1: String.raw`X + \text{MHA}(X)`,
  norm1: String.raw`\text{LN}(x) = \gamma \odot \frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta`,
  ffn: String.raw`\text{FFN}(x) = \max(0,\, x W_1 + b_1)\, W_2 + b_2`,
  residual2: String.raw`x + \text{FFN}(x)`,
  norm2: String.raw`\text{LN}_2\big(x + \text{FFN}(x)\big)`,
};

/** Pre-LN changes where the norms act, so a few formulas differ. */
export const PRE_LN_FORMULAS: Partial<Record<WalkthroughStepId, string>> = {
  residual1: String.raw`X + \text{MHA}(\text{LN}_1(X))`,
  norm1: String.raw`\text{LN}_1(X) = \gamma \odot \frac{X - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta`,
  norm2: String.raw`\text{LN}_2(x),\quad x = X + \text{MHA}(\text{LN}_1(X))`,
  residual2: String.raw`x + \text{FFN}(\text{LN}_2(x))`,
};

/** The trained language model (GPT-2) learns its position vectors and uses GELU: those two steps read differently. */
export const LANGUAGE_MODEL_FORMULAS: Partial<Record<WalkthroughStepId, string>> = {
  embeddings: String.raw`X = W_{te}[t] + W_{pe}[\,1..L\,]`,
  ffn: String.raw`\text{FFN}(x) = \text{GELU}(x W_1 + b_1)\, W_2 + b_2`,
};

export function formulaFor(step: WalkthroughStepId, normFirst: boolean, languageModel = false): string {
  return (languageModel ? LANGUAGE_MODEL_FORMULAS[step] : undefined) ?? (normFirst ? PRE_LN_FORMULAS[step] : undefined) ?? FORMULAS[step];
}

export function explanationKey(step: WalkthroughStepId, normFirst: boolean, languageModel = false): MessageKey {
  if (languageModel && step === 'embeddings') return 'walkthrough.explain.embeddings.lm';
  if (languageModel && step === 'ffn') return 'walkthrough.explain.ffn.lm';
  if (normFirst && (step === 'norm1' || step === 'norm2' || step === 'residual2')) return `walkthrough.explain.${step}.pre`;
  return `walkthrough.explain.${step}`;
}

const MASK_TEXT = {
  none: 'walkthrough.mask.none',
  causal: 'walkthrough.mask.causal',
  padding: 'walkthrough.mask.padding',
  custom: 'walkthrough.mask.custom',
} as const satisfies Record<string, MessageKey>;

/** Linked highlighting: the output cell under the pointer or focus, reset when the step changes (keyed by step). */
function useActiveCell(): [CellRef | null, (c: CellRef | null) => void] {
  return useState<CellRef | null>(null);
}

const none: readonly number[] = [];

/** The matrices (and experiments) of one step. */
export function StepBody({ step, data }: { readonly step: WalkthroughStepId; readonly data: WalkthroughData }) {
  const t = useT();
  const maskMode = useLab((s) => s.maskMode);
  const causal = useLab((s) => s.causal);
  const [active, setActive] = useActiveCell();
  const { layer, head, tokens } = data;
  const headLabel = { head: data.headIndex + 1 };
  const sum1 = useMemo(() => (data.normFirst ? layer.afterAttention : add(layer.input, layer.attention.output)), [data.normFirst, layer]);
  const sum2 = useMemo(() => (data.normFirst ? layer.output : add(layer.afterAttention, layer.ffn.output)), [data.normFirst, layer]);
  const m = (id: string, label: string, matrix: Matrix, extra: Partial<Parameters<typeof MatrixView>[0]> = {}) => (
    <MatrixView key={id} id={id} label={label} matrix={matrix} rowLabels={tokens} {...extra} />
  );
  const hint = <p className="wt-note">{t('walkthrough.hoverHint')}</p>;
  switch (step) {
    case 'tokens':
      return (
        <ol className="wt-tokens" aria-label={t('walkthrough.matrix.tokens')}>
          {tokens.map((tok, i) => (
            <li key={i}>
              <span className="wt-tokens__index">{i + 1}</span> <span className="wt-tokens__text">{tok}</span>
            </li>
          ))}
        </ol>
      );
    case 'embeddings':
      return data.layerIndex === 0 ? (
        <div className="wt-matrices">
          {m('embeddings', t('walkthrough.matrix.embeddings'), data.embeddings)}
          <span className="wt-op">+</span>
          {m('pe', t('walkthrough.matrix.pe'), data.positional)}
          <span className="wt-op">=</span>
          {m('x', t('walkthrough.matrix.x'), layer.input)}
        </div>
      ) : (
        <>
          <p>{t('walkthrough.earlierLayer', { layer: data.layerIndex + 1, prev: data.layerIndex })}</p>
          <div className="wt-matrices">{m('x', t('walkthrough.matrix.x'), layer.input)}</div>
        </>
      );
    case 'qkv': {
      const e = layer.attention.q.cols;
      return (
        <>
          <div className="wt-matrices">
            {m('attn-input', t('walkthrough.matrix.attnInput'), layer.attentionInput)}
            <span className="wt-op">→</span>
            {m('q', t('walkthrough.matrix.q', headLabel), data.q)}
            {m('k', t('walkthrough.matrix.k', headLabel), data.k)}
            {m('v', t('walkthrough.matrix.v', headLabel), data.v)}
          </div>
          <p className="wt-note">
            {['W^Q_h', 'W^K_h', 'W^V_h'].map((name) => t('walkthrough.weightShape', { name, rows: e, cols: data.dk })).join(' · ')}
          </p>
        </>
      );
    }
    case 'scores':
      return (
        <>
          {hint}
          <div className="wt-matrices">
            {m('q', t('walkthrough.matrix.q', headLabel), data.q, { highlightRows: active ? [active.q] : none })}
            {m('k', t('walkthrough.matrix.k', headLabel), data.k, { highlightRows: active ? [active.k] : none })}
            <span className="wt-op">→</span>
            {m('scores', t('walkthrough.matrix.scores'), head.scores, { attention: true, onActiveCell: setActive, activeCell: active })}
          </div>
        </>
      );
    case 'scale':
      return (
        <>
          <div className="wt-matrices">
            {m('scores', t('walkthrough.matrix.scores'), head.scores, { attention: true })}
            <span className="wt-op">÷ √{data.dk}</span>
            {m('scaled', t('walkthrough.matrix.scaled'), head.scaled, { attention: true })}
          </div>
          <ScalingExperiment />
        </>
      );
    case 'mask':
      return (
        <>
          <p>{t('walkthrough.maskMode', { mode: t(MASK_TEXT[maskMode]) })}</p>
          {data.languageModel && <p>{t(causal ? 'walkthrough.mask.lmCausal' : 'walkthrough.mask.lmCausalOff')}</p>}
          <div className="wt-matrices">
            {m('scaled', t('walkthrough.matrix.scaled'), head.scaled, { attention: true })}
            <span className="wt-op">→</span>
            {m('masked', t('walkthrough.matrix.masked'), head.masked, { attention: true, mask: data.mask })}
          </div>
        </>
      );
    case 'softmax':
      return (
        <>
          <div className="wt-matrices">
            {m('masked', t('walkthrough.matrix.masked'), head.masked, { attention: true, mask: data.mask })}
            <span className="wt-op">→</span>
            {m('weights', t('walkthrough.matrix.weights'), head.weights, { attention: true, kind: 'weights', mask: data.mask })}
          </div>
          <UnscaledComparison data={data} />
        </>
      );
    case 'weightedValues':
      return (
        <>
          {hint}
          <div className="wt-matrices">
            {m('weights', t('walkthrough.matrix.weights'), head.weights, { attention: true, kind: 'weights', mask: data.mask, highlightRows: active ? [active.q] : none })}
            {m('v', t('walkthrough.matrix.v', headLabel), data.v, { highlightCols: active ? [active.k] : none })}
            <span className="wt-op">→</span>
            {m('head-out', t('walkthrough.matrix.headOut'), head.output, { onActiveCell: setActive, activeCell: active })}
          </div>
        </>
      );
    case 'concat':
      return (
        <div className="wt-matrices">
          {layer.attention.heads.map((h, i) =>
            m(`head-${i}`, t('walkthrough.matrix.headN', { n: i + 1 }), h.output),
          )}
          <span className="wt-op">→</span>
          {m('concat', t('walkthrough.matrix.concat'), layer.attention.concat)}
        </div>
      );
    case 'outputProjection': {
      const e = layer.attention.concat.cols;
      return (
        <>
          <div className="wt-matrices">
            {m('concat', t('walkthrough.matrix.concat'), layer.attention.concat)}
            <span className="wt-op">· Wᴼ →</span>
            {m('mha', t('walkthrough.matrix.mha'), layer.attention.output)}
          </div>
          <p className="wt-note">{t('walkthrough.weightShape', { name: 'W^O', rows: e, cols: e })}</p>
        </>
      );
    }
    case 'residual1':
      return (
        <>
          <div className="wt-matrices">
            {m('x', t('walkthrough.matrix.x'), layer.input)}
            <span className="wt-op">+</span>
            {m('mha', t('walkthrough.matrix.mha'), layer.attention.output)}
            <span className="wt-op">=</span>
            {m('sum1', t('walkthrough.matrix.sum1'), sum1)}
          </div>
          <ResidualExperiment data={data} />
        </>
      );
    case 'norm1':
      return (
        <>
          <div className="wt-matrices">
            {data.normFirst ? m('x', t('walkthrough.matrix.x'), layer.input) : m('sum1', t('walkthrough.matrix.sum1'), sum1)}
            <span className="wt-op">→ LN₁ →</span>
            {m('norm1', t('walkthrough.matrix.norm1'), data.normFirst ? layer.attentionInput : layer.afterAttention)}
          </div>
          <NormOrderDiagram current={step} normFirst={data.normFirst} />
        </>
      );
    case 'ffn':
      return (
        <div className="wt-matrices">
          {m('ffn-input', t('walkthrough.matrix.ffnInput'), layer.ffnInput)}
          <span className="wt-op">→</span>
          {m('hidden', t(data.languageModel ? 'walkthrough.matrix.hidden.lm' : 'walkthrough.matrix.hidden'), layer.ffn.hidden)}
          <span className="wt-op">→</span>
          {m('ffn-out', t('walkthrough.matrix.ffnOut'), layer.ffn.output)}
        </div>
      );
    case 'residual2':
      return (
        <div className="wt-matrices">
          {m('ffn-base', data.normFirst ? t('walkthrough.matrix.sum1') : t('walkthrough.matrix.norm1'), layer.afterAttention)}
          <span className="wt-op">+</span>
          {m('ffn-out', t('walkthrough.matrix.ffnOut'), layer.ffn.output)}
          <span className="wt-op">=</span>
          {m('sum2', data.normFirst ? t('walkthrough.matrix.output') : t('walkthrough.matrix.sum2'), sum2)}
        </div>
      );
    case 'norm2':
      return (
        <>
          <div className="wt-matrices">
            {data.normFirst ? m('sum1', t('walkthrough.matrix.sum1'), layer.afterAttention) : m('sum2', t('walkthrough.matrix.sum2'), sum2)}
            <span className="wt-op">→ LN₂ →</span>
            {data.normFirst ? m('ffn-input', t('walkthrough.matrix.ffnInput'), layer.ffnInput) : m('output', t('walkthrough.matrix.output'), layer.output)}
          </div>
          <NormOrderDiagram current={step} normFirst={data.normFirst} />
        </>
      );
  }
}
