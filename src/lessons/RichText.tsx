import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';
import { parseRichText } from '../shared/richText';

/** Inline TeX. The TeX comes from lesson content written in this repository, never from the student or a URL. */
function InlineMath({ tex }: { readonly tex: string }) {
  const html = useMemo(() => katex.renderToString(tex, { displayMode: false, throwOnError: false, output: 'htmlAndMathml' }), [tex]);
  return <span className="lesson-math" data-tex={tex} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Lesson prose with its small inline markup; everything else is rendered as text. */
export function RichText({ text }: { readonly text: string }) {
  const parts = useMemo(() => parseRichText(text), [text]);
  return (
    <>
      {parts.map((part, i) => {
        switch (part.kind) {
          case 'math':
            return <InlineMath key={i} tex={part.tex} />;
          case 'code':
            return <code key={i}>{part.text}</code>;
          case 'bold':
            return <strong key={i}>{part.text}</strong>;
          default:
            return <span key={i}>{part.text}</span>;
        }
      })}
    </>
  );
}
