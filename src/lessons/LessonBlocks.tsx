import katex from 'katex';
import { useMemo } from 'react';
import { useT } from '../i18n/translate';
import { useFocusableWhenScrolling } from '../shared/useFocusableWhenScrolling';
import { QuestionCard } from './QuestionCard';
import { RichText } from './RichText';
import { TrainBlock } from './TrainBlock';
import { TryBlock } from './TryBlock';
import { LessonTable } from './LessonTable';
import type { Block, LessonSlug } from './types';
import { useBi } from './useBi';
import { WidgetSlot } from './WidgetSlot';

/** A display formula. The TeX is lesson content from this repository, never user text. */
function DisplayFormula({ tex }: { readonly tex: string }) {
  const html = useMemo(() => katex.renderToString(tex, { displayMode: true, throwOnError: false, output: 'htmlAndMathml' }), [tex]);
  const ref = useFocusableWhenScrolling<HTMLDivElement>();
  return <div ref={ref} className="lesson-formula__tex" data-tex={tex} dangerouslySetInnerHTML={{ __html: html }} />;
}

function BlockView({ slug, block }: { readonly slug: LessonSlug; readonly block: Block }) {
  const t = useT();
  const pick = useBi();
  switch (block.kind) {
    case 'heading':
      return (
        <h3 className="lesson-heading">
          <RichText text={pick(block.text)} />
        </h3>
      );
    case 'prose':
      return (
        <p className="lesson-prose">
          <RichText text={pick(block.text)} />
        </p>
      );
    case 'formula':
      return (
        <figure className="lesson-formula">
          <DisplayFormula tex={block.tex} />
          {block.caption && (
            <figcaption>
              <RichText text={pick(block.caption)} />
            </figcaption>
          )}
        </figure>
      );
    case 'widget':
      return <WidgetSlot widget={block.widget} config={block.config} caption={block.caption && <RichText text={pick(block.caption)} />} />;
    case 'question':
      return <QuestionCard slug={slug} question={block.question} />;
    case 'try':
      return <TryBlock label={block.label} preset={block.preset} note={block.note} />;
    case 'train':
      return <TrainBlock label={block.label} query={block.query} note={block.note} />;
    case 'callout':
      return (
        <aside className={`lesson-callout lesson-callout--${block.tone}`}>
          <strong>{t(`lessons.callout.${block.tone}`)}</strong> <RichText text={pick(block.text)} />
        </aside>
      );
    case 'code':
      return (
        <figure className="lesson-code">
          <span className="lesson-code__lang">{t(`lessons.code.${block.language}`)}</span>
          <pre tabIndex={0}>
            <code>{block.code}</code>
          </pre>
          {block.caption && (
            <figcaption>
              <RichText text={pick(block.caption)} />
            </figcaption>
          )}
        </figure>
      );
    case 'table':
      return <LessonTable block={block} />;
    case 'list':
      return (
        <ul className="lesson-list">
          {block.items.map((item, i) => (
            <li key={i}>
              <RichText text={pick(item)} />
            </li>
          ))}
        </ul>
      );
  }
}

/** A lesson's content, block by block. */
export function LessonBlocks({ slug, blocks }: { readonly slug: LessonSlug; readonly blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockView key={i} slug={slug} block={block} />
      ))}
    </>
  );
}
