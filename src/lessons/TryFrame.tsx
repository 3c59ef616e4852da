import type { ReactNode } from 'react';
import { RichText } from './RichText';
import type { Bi } from './types';
import { useBi } from './useBi';

export interface TryFrameProps {
  /** The frame's classes: "lesson-try", plus a modifier for a variant. */
  readonly className: string;
  /** The short tag before the action ("Try it", "Train it"). */
  readonly tag: string;
  /** What the student clicks: a button or a link. */
  readonly action: ReactNode;
  readonly note?: Bi;
  /** What follows the note (e.g. the announcement that the action was done). */
  readonly children?: ReactNode;
}

/** The frame of a lesson's call to act: a tag, the action, an optional note. */
export function TryFrame({ className, tag, action, note, children }: TryFrameProps) {
  const pick = useBi();
  return (
    <div className={className}>
      <span className="lesson-try__tag">{tag}</span>
      {action}
      {note && (
        <p className="lesson-try__note">
          <RichText text={pick(note)} />
        </p>
      )}
      {children}
    </div>
  );
}
