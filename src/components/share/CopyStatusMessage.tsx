import type { CopyStatus } from './useCopy';

export interface CopyStatusMessageProps {
  readonly status: CopyStatus;
  /** Said once the text is on the clipboard. */
  readonly copied: string;
  /** Said when the browser would not copy: the text is selected and the student copies it by hand. */
  readonly manual: string;
}

/** The outcome of a copy, announced to screen readers (nothing while idle). */
export function CopyStatusMessage({ status, copied, manual }: CopyStatusMessageProps) {
  return (
    <span className="share-status" aria-live="polite" aria-atomic="true">
      {status === 'copied' ? copied : status === 'manual' ? manual : ''}
    </span>
  );
}
