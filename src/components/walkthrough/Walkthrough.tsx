import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { MessageKey } from '../../i18n/catalog';
import { useT } from '../../i18n/translate';
import { useLab } from '../../state/labStore';
import { useModelShape } from '../../run/useLabComputation';
import { stepOrder, useWalkthrough, type WalkthroughStepId } from '../../state/walkthroughStore';
import { Formula } from './Formula';
import { NormOrderSwitch } from './NormOrderDiagram';
import { StepBody, explanationKey, formulaFor } from './steps';
import { useWalkthroughData } from './walkthroughData';
import './walkthrough.css';

export interface WalkthroughProps {
  /** Milliseconds per step when autoplaying (default 5000). */
  readonly autoplayMs?: number;
  readonly className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** True when the user asked for reduced motion (no matchMedia, as in jsdom: false). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const stepTitle = (step: WalkthroughStepId): MessageKey => `walkthrough.step.${step}`;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * One encoder layer, step by step, on the lab's own sentence, settings, layer and head (shared store `useLab`);
 * the current step and the experiments' settings live in `useWalkthrough`.
 */
export function Walkthrough({ autoplayMs = 5000, className }: WalkthroughProps) {
  const t = useT();
  const data = useWalkthroughData();
  const { step, normFirst: switched, playing, set, next: nextIn, back: backIn } = useWalkthrough();
  const { numHeads, numLayers } = useModelShape();
  const selectedHead = useLab((s) => s.selectedHead);
  const setLab = useLab((s) => s.set);
  const reducedMotion = usePrefersReducedMotion();
  // A model built pre-LN (the language models) is walked in that order whatever the switch says for the untrained one:
  // walkthroughData gives the order shown.
  const normFirst = data?.normFirst ?? switched;
  const next = () => nextIn(normFirst);
  const back = () => backIn(normFirst);
  const headingId = useId();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const order = stepOrder(normFirst);
  const index = Math.max(0, order.indexOf(step));
  const last = index === order.length - 1;

  useEffect(() => {
    if (!playing || reducedMotion) return;
    const id = setTimeout(() => nextIn(normFirst), autoplayMs);
    return () => clearTimeout(id);
  }, [playing, reducedMotion, step, nextIn, normFirst, autoplayMs]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      next();
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      back();
    }
  };

  const headerControls = (
    <div className="wt-header__controls">
      <label>
        {t('walkthrough.layer')}{' '}
        <select value={data?.layerIndex ?? 0} onChange={(e) => setLab({ selectedLayer: Number(e.target.value) })}>
          {Array.from({ length: numLayers }, (_, i) => (
            <option key={i} value={i}>
              {i + 1}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('walkthrough.head')}{' '}
        <select value={data?.headIndex ?? 0} onChange={(e) => setLab({ selectedHead: Number(e.target.value) })}>
          {Array.from({ length: numHeads }, (_, i) => (
            <option key={i} value={i}>
              {i + 1}
            </option>
          ))}
        </select>
      </label>
      {!data?.languageModel && <NormOrderSwitch />}
    </div>
  );

  return (
    <section className={`walkthrough${className ? ` ${className}` : ''}`} aria-labelledby={headingId} onKeyDown={onKeyDown} data-step={step}>
      <header className="wt-header">
        <h2 id={headingId}>{t('walkthrough.title')}</h2>
        {data && <p className="lede">{t(data.checkpoint ? 'walkthrough.lede.gpt2' : data.languageModel ? 'walkthrough.lede.trained' : 'walkthrough.lede.untrained', { layer: data.layerIndex + 1, head: data.headIndex + 1 })}</p>}
        {headerControls}
        {selectedHead === 'average' && <p className="wt-note">{t('walkthrough.averageNote')}</p>}
        {data?.languageModel ? <p className="wt-note">{t(data.checkpoint ? 'walkthrough.order.gpt2Note' : 'walkthrough.order.lmNote')}</p> : normFirst && <p className="wt-note">{t('walkthrough.order.preNote')}</p>}
      </header>
      {!data ? (
        <p>{t('walkthrough.empty')}</p>
      ) : (
        <div className="wt-layout">
          <nav className="wt-steps" aria-label={t('walkthrough.stepsLabel')}>
            <ol>
              {order.map((id, i) => (
                <li key={id}>
                  <button type="button" aria-current={id === step ? 'step' : undefined} onClick={() => set({ step: id })}>
                    <span className="wt-steps__n">{i + 1}</span> {t(stepTitle(id))}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          <article className="wt-step" aria-labelledby={`${headingId}-step`}>
            <p className="wt-step__count">{t('walkthrough.stepOf', { n: index + 1, total: order.length })}</p>
            <h3 id={`${headingId}-step`} ref={stepHeading} tabIndex={-1} className="wt-step__title">
              {t(stepTitle(step))}
            </h3>
            <Formula tex={formulaFor(step, normFirst, data.languageModel)} />
            <p className="wt-step__explain">{t(explanationKey(step, normFirst, data.languageModel))}</p>
            <StepBody key={`${step}-${normFirst}`} step={step} data={data} />
            <div className="wt-nav">
              <button type="button" onClick={back} disabled={index === 0}>
                ← {t('walkthrough.back')}
              </button>
              <button type="button" onClick={next} disabled={last}>
                {t('walkthrough.next')} →
              </button>
              {!reducedMotion && (
                <button type="button" aria-pressed={playing} onClick={() => set({ playing: !playing, step: last && !playing ? order[0] : step })}>
                  {playing ? t('walkthrough.pause') : t('walkthrough.play')}
                </button>
              )}
              <span className="wt-note">{t('walkthrough.keysHint')}</span>
            </div>
          </article>
        </div>
      )}
    </section>
  );
}
