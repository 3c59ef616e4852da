import { useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';
import { useLabComputation } from '../../run/useLabComputation';
import type { WidgetProps } from '../types';
import { CODE_STEPS, ENGINE_FILES, extractFunction, STEP_CODE, stepShapes, type CodeRef, type CodeStepId } from './CodeWalkSource';
import { ShapeRow, ShapesTable } from './ShapesTable';
import './heads.css';

function isStep(value: unknown): value is CodeStepId {
  return typeof value === 'string' && (CODE_STEPS as readonly string[]).includes(value);
}

/**
 * The engine's own multi-head attention code, read from its source files at build time, one step at a time: the
 * functions of the step, a sentence on what they do, and the shapes they produce for the lab's current sentence and
 * model. Config: step (a CodeStepId, default 'init') to start elsewhere.
 */
export function CodeWalk({ config }: WidgetProps) {
  const t = useT();
  const initial = config?.step;
  const [index, setIndex] = useState(() => (isStep(initial) ? CODE_STEPS.indexOf(initial) : 0));
  const { embedDim, numHeads } = useLabFields('embedDim', 'numHeads');
  const result = useLabComputation();
  const listId = useId();
  const step = CODE_STEPS[index];
  const tokens = result.ok ? result.tokens.length : null;
  const shapes = stepShapes(step, { tokens, embedDim, numHeads });
  const values = { L: tokens ?? 'L', E: embedDim, H: numHeads, D: embedDim / numHeads, E3: 3 * embedDim, D3: (3 * embedDim) / numHeads };

  const shapesCaption = tokens === null ? t('lw.heads.walk.shapesNoSentence', values) : t('lw.heads.walk.shapes', values);
  return (
    <div className="lw-heads-walk">
      <nav aria-labelledby={listId}>
        <p id={listId} className="lw-heads-field">
          {t('lw.heads.walk.steps')}
        </p>
        <ol className="lw-heads-walk__steps">
          {CODE_STEPS.map((s, i) => (
            <li key={s}>
              <button type="button" aria-current={i === index ? 'step' : undefined} onClick={() => setIndex(i)}>
                {i + 1}. {t(`lw.heads.walk.${s}.title`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="lw-heads-walk__step" data-step={step}>
        <p className="lw-heads-note" aria-live="polite">{t('lw.heads.walk.stepOf', { n: index + 1, total: CODE_STEPS.length })}</p>
        <h4>{t(`lw.heads.walk.${step}.title`)}</h4>
        <p>{t(`lw.heads.walk.${step}.explain`, values)}</p>
        <ShapesTable caption={shapesCaption} testId="code-walk-shapes">
          <tbody>
            {shapes.map((line) => (
              <ShapeRow key={line.name} name={line.name} value={line.value} />
            ))}
          </tbody>
        </ShapesTable>
      </section>
      {STEP_CODE[step].map((ref) => (
        <CodeBlock key={`${ref.file}#${ref.name}`} codeRef={ref} />
      ))}
      <div className="lw-heads-nav">
        <button type="button" onClick={() => setIndex(index - 1)} disabled={index === 0}>
          ← {t('lw.heads.walk.back')}
        </button>
        <button type="button" onClick={() => setIndex(index + 1)} disabled={index === CODE_STEPS.length - 1}>
          {t('lw.heads.walk.next')} →
        </button>
      </div>
    </div>
  );
}

function CodeBlock({ codeRef }: { readonly codeRef: CodeRef }) {
  const t = useT();
  const found = useMemo(() => extractFunction(ENGINE_FILES[codeRef.file], codeRef.name), [codeRef]);
  if (!found) {
    return (
      <p role="alert" className="lw-heads-error">
        {t('lw.heads.walk.notFound', { name: codeRef.name, file: codeRef.file })}
      </p>
    );
  }
  return (
    <figure className="lw-heads-code" data-function={codeRef.name}>
      <figcaption>
        <code>{codeRef.name}</code> · {t('lw.heads.walk.where', { file: codeRef.file, from: found.startLine, to: found.endLine })}
      </figcaption>
      <pre tabIndex={0} aria-label={t('lw.heads.walk.codeLabel', { name: codeRef.name })}>
        <code>{found.code}</code>
      </pre>
    </figure>
  );
}
