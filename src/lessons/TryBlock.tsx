import { useState } from 'react';
import { useT } from '../i18n/translate';
import { applyPreset } from './applyPreset';
import { RichText } from './RichText';
import { TryFrame } from './TryFrame';
import type { Bi, LabPreset } from './types';
import { useBi } from './useBi';

/** A "try it" button: sets the lab (a mask, a head, a step) so the widgets on the page show it. */
export function TryBlock({ label, preset, note }: { readonly label: Bi; readonly preset: LabPreset; readonly note?: Bi }) {
  const t = useT();
  const pick = useBi();
  const [done, setDone] = useState(false);
  return (
    <TryFrame
      className="lesson-try"
      tag={t('lessons.try.label')}
      note={note}
      action={
        <button
          type="button"
          onClick={() => {
            applyPreset(preset);
            setDone(true);
          }}
        >
          <RichText text={pick(label)} />
        </button>
      }
    >
      <p className="lesson-try__done" aria-live="polite">
        {done ? t('lessons.try.done') : ''}
      </p>
    </TryFrame>
  );
}
