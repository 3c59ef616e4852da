import { useId } from 'react';

/** A document-unique id safe inside url(#…) references (React's useId contains characters such as « »). */
export function useSvgId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
