import { parseRichText } from '../shared/richText';

/** Guide prose with `code` and **bold**; everything is rendered as text (the guide has no math: $…$ stays plain). */
export function GuideText({ text }: { readonly text: string }) {
  return (
    <>
      {parseRichText(text).map((part, i) => {
        switch (part.kind) {
          case 'code':
            return <code key={i}>{part.text}</code>;
          case 'bold':
            return <strong key={i}>{part.text}</strong>;
          case 'math':
            return <span key={i}>{`$${part.tex}$`}</span>;
          default:
            return <span key={i}>{part.text}</span>;
        }
      })}
    </>
  );
}
