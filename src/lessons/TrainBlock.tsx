import { useT } from '../i18n/translate';
import { routeHash } from '../shared/route';
import { RichText } from './RichText';
import { TryFrame } from './TryFrame';
import type { Bi } from './types';
import { useBi } from './useBi';

/** A link to the training playground with the setup the lesson talks about (the student trains it there). */
export function TrainBlock({ label, query, note }: { readonly label: Bi; readonly query: string; readonly note?: Bi }) {
  const t = useT();
  const pick = useBi();
  return (
    <TryFrame
      className="lesson-try lesson-train"
      tag={t('lessons.train.label')}
      note={note}
      action={
        <a className="lesson-train__link" href={routeHash({ kind: 'playground', query })}>
          <RichText text={pick(label)} />
        </a>
      }
    />
  );
}
