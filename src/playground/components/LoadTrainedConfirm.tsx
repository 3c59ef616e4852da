import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/translate';

export interface LoadTrainedConfirmProps {
  /** The step the student's model is at. */
  readonly step: number;
  readonly onReplace: () => void;
  readonly onKeep: () => void;
}

/**
 * Asks before "Load trained model" replaces a model the student trained: an inline, non-modal alert dialog (the
 * page stays usable; the student can save the model first). "Keep mine" has the focus, so Enter or Escape keeps it.
 */
export function LoadTrainedConfirm({ step, onReplace, onKeep }: LoadTrainedConfirmProps) {
  const t = useT();
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onKeep();
  };
  return (
    <div className="playground-confirm" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onKeyDown={onKeyDown}>
      <p id={`${id}-title`} className="playground-confirm__title">
        {t('pg.confirmLoad.title')}
      </p>
      <p id={`${id}-text`}>{t('pg.confirmLoad.text', { step, save: t('pg.files.save') })}</p>
      <div className="playground-confirm__buttons">
        <button type="button" className="secondary" onClick={onReplace}>
          {t('pg.confirmLoad.replace')}
        </button>
        <button type="button" className="secondary" ref={keep} onClick={onKeep}>
          {t('pg.confirmLoad.keep')}
        </button>
      </div>
    </div>
  );
}
