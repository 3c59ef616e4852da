import { useState } from 'react';
import { Formula } from './Formula';
import { StepBody, explanationKey, formulaFor } from './steps';
import { useWalkthroughData } from './walkthroughData';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useLabComputation } from '../../run/useLabComputation';
import { POST_LN_STEPS, stepOrder, useWalkthrough, type WalkthroughStepId } from '../../state/walkthroughStore';
import './walkthrough.css';

export function isStepId(value: unknown): value is WalkthroughStepId {
  return typeof value === 'string' && (POST_LN_STEPS as readonly string[]).includes(value);
}

/**
 * One step of the walkthrough (title, formula, explanation and the step's live matrices) with Back / Next, for
 * places outside the walkthrough page: the lessons' walkthrough-step widget and the walkthrough-step embed.
 * With `step`, the card starts at that step and moves on its own; without it, it shows and moves the walkthrough
 * store's current step (so a lesson's "try" button can set it).
 */
export function StepCard({ step }: { readonly step?: WalkthroughStepId }) {
  return step === undefined ? <StoreStep /> : <LocalStep key={step} initial={step} />;
}

function StoreStep() {
  const step = useWalkthrough((s) => s.step);
  const set = useWalkthrough((s) => s.set);
  return <StepView step={step} onStep={(next) => set({ step: next })} />;
}

function LocalStep({ initial }: { readonly initial: WalkthroughStepId }) {
  const [step, setStep] = useState(initial);
  return <StepView step={step} onStep={setStep} />;
}

function StepView({ step, onStep }: { readonly step: WalkthroughStepId; readonly onStep: (step: WalkthroughStepId) => void }) {
  const t = useT();
  const lab = useLabComputation();
  const data = useWalkthroughData();
  const switched = useWalkthrough((s) => s.normFirst);
  // The order shown: the model's own when it is built pre-LN, else the switch's.
  const normFirst = data?.normFirst ?? switched;
  const order = stepOrder(normFirst);
  const index = Math.max(0, order.indexOf(step));
  if (!lab.ok) return <p className="wt-step-card__message">{engineErrorMessage(t, lab.error)}</p>;
  if (!data) return <p className="wt-step-card__message">{t('walkthrough.empty')}</p>;
  return (
    <article className="wt-step-card wt-step" data-step={step}>
      <p className="wt-step__count">
        {t('walkthrough.stepOf', { n: index + 1, total: order.length })} · {t(data.checkpoint ? 'walkthrough.lede.gpt2' : data.languageModel ? 'walkthrough.lede.trained' : 'walkthrough.lede.untrained', { layer: data.layerIndex + 1, head: data.headIndex + 1 })}
      </p>
      <h3 className="wt-step__title">{t(`walkthrough.step.${step}`)}</h3>
      <Formula tex={formulaFor(step, data.normFirst, data.languageModel)} />
      <p className="wt-step__explain">{t(explanationKey(step, data.normFirst, data.languageModel))}</p>
      <div className="wt-step-card__scroll">
        <StepBody key={`${step}-${normFirst}`} step={step} data={data} />
      </div>
      <div className="wt-nav">
        <button type="button" onClick={() => onStep(order[index - 1])} disabled={index === 0}>
          ← {t('walkthrough.back')}
        </button>
        <button type="button" onClick={() => onStep(order[index + 1])} disabled={index === order.length - 1}>
          {t('walkthrough.next')} →
        </button>
      </div>
    </article>
  );
}
