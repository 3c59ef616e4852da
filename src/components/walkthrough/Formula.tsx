import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

/** A typeset formula. `tex` must be a constant written in this code, never user text (it is injected as HTML). */
export function Formula({ tex, display = true }: { readonly tex: string; readonly display?: boolean }) {
  const html = useMemo(() => katex.renderToString(tex, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' }), [tex, display]);
  return <span className="wt-formula" data-tex={tex} dangerouslySetInnerHTML={{ __html: html }} />;
}
