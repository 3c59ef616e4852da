import { useEffect, useRef } from 'react';
import { translate, useT } from '../../i18n/translate';
import { useUi } from '../../state/uiStore';
import { parsePlaygroundQuery, sameInput, sameParams } from '../playgroundUrl';
import { disposePlayground, initPlayground, usePlayground } from '../playgroundStore';
import type { TrainingClient } from '../types';
import { LossChart } from './LossChart';
import { ModelFiles } from './ModelFiles';
import { PlaygroundControls } from './PlaygroundControls';
import { PlaygroundForm } from './PlaygroundForm';
import { PlaygroundNotices } from './PlaygroundNotices';
import { PlaygroundStatus } from './PlaygroundStatus';
import { SampleAttention } from './SampleAttention';
import { TrainingStats } from './TrainingStats';
import './playground.css';

export interface PlaygroundPageProps {
  /** The query of #/playground?… (the route's). */
  readonly query: string;
  /** Tests pass an in-process client; the app trains in a Web Worker. */
  readonly createClient?: () => TrainingClient;
}

/**
 * The training playground (#/playground): settings, controls, progress, the loss chart and the attention maps of
 * one held-out input. Opening it builds a model for the link's settings; leaving it stops the worker.
 */
export function PlaygroundPage({ query, createClient }: PlaygroundPageProps) {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  // A link (or Back) with other settings than the ones shown rebuilds; the page's own URL writes never do.
  useEffect(() => {
    const wanted = parsePlaygroundQuery(query);
    const current = usePlayground.getState();
    if (opened.current && sameParams(wanted.params, current.params)) {
      // Same model, another input (Back after trying one): show that input, keep the training.
      if (!sameInput(wanted.input, current.sampleInput)) current.setSampleInput(wanted.input);
      return;
    }
    opened.current = true;
    initPlayground(query, createClient?.());
  }, [query, createClient]);
  useEffect(
    () => () => {
      opened.current = false;
      disposePlayground();
    },
    [],
  );

  useEffect(() => {
    document.title = `${translate(locale, 'pg.title')} · ${translate(locale, 'app.title')}`;
  }, [locale]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <article className="playground" aria-labelledby="playground-title">
      <h2 id="playground-title" tabIndex={-1} ref={heading}>
        {t('pg.title')}
      </h2>
      <p className="playground__lede">{t('pg.lede')}</p>
      <PlaygroundNotices />
      <div className="playground__layout">
        <div className="playground__side">
          {/* Start and the status first: on a phone the settings below run a whole screen long. */}
          <PlaygroundControls />
          <PlaygroundStatus />
          <PlaygroundForm />
          <ModelFiles />
          <TrainingStats />
        </div>
        <div className="playground__main">
          <LossChart />
          <SampleAttention />
        </div>
      </div>
    </article>
  );
}
