import { useRef, useState } from 'react';
import { useT } from '../../i18n/translate';
import { EmbedDialog, type EmbedDialogProps } from './EmbedDialog';
import './share.css';

export type EmbedButtonProps = Omit<EmbedDialogProps, 'onClose'>;

/** "Embed / share…": opens the embed dialog for the current view; focus comes back here when it closes. */
export function EmbedButton(props: EmbedButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="share-button" aria-haspopup="dialog" title={t('share.embed.openDescription')} onClick={() => setOpen(true)}>
        {t('share.embed.open')}
      </button>
      {open && (
        <EmbedDialog
          {...props}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
