import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n/translate';
import { useUi } from '../../state/uiStore';
import { GUIDE_HREF } from '../../shared/route';
import { settingsOf, useLab } from '../../state/labStore';
import { describeCut } from '../../state/url/linkCut';
import { currentShareUrl } from '../../state/url/urlSync';
import { useWalkthrough } from '../../state/walkthroughStore';
import { initialChoices, type EmbedChoices } from './embedChoices';
import { fitEmbedSettings } from './embedFit';
import { EmbedOptionsForm } from './EmbedOptionsForm';
import { EmbedOutputs } from './EmbedOutputs';
import { EmbedPreview } from './EmbedPreview';
import { elementSnippet, embedSnippet, embedUrl, frameTitle } from './embedSnippet';
import { LinkCutHint } from './LinkCutHint';
import './share.css';

export interface EmbedDialogProps {
  /** Called once the dialog has closed (Escape, the close button, a click on the backdrop, the guide link). */
  readonly onClose: () => void;
  /** What the embed link is resolved against; default document.baseURI (the app's own location). */
  readonly baseUri?: string;
  /** The plain link to the full lab; default currentShareUrl(). */
  readonly getAppUrl?: () => string;
  /** How long "copied" stays, in ms. */
  readonly confirmMs?: number;
}

/**
 * The "Embed / share" dialog for the current lab view: a native modal <dialog> (showModal: the page behind is
 * inert, Escape closes). Mount it to open it; it calls onClose when it has closed, and the opener then takes
 * focus back (see EmbedButton).
 */
export function EmbedDialog({ onClose, baseUri, getAppUrl = currentShareUrl, confirmMs }: EmbedDialogProps) {
  const t = useT();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const settings = useLab(useShallow(settingsOf));
  const locale = useUi((s) => s.locale);
  const currentStep = useWalkthrough((s) => s.step);
  const [choices, setChoices] = useState<EmbedChoices>(() => initialChoices(settings.page, currentStep));

  // No cleanup: a dialog removed from the document leaves the top layer by itself. (Closing here would fire a
  // late 'close' after StrictMode's re-run had opened it again.)
  useEffect(() => {
    const el = dialog.current;
    if (el === null || el.open) return;
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', ''); // no <dialog> support: at least it shows
  }, []);

  // Ignore a 'close' that arrives while the dialog is open again (queued before a re-open).
  const onClosed = (): void => {
    if (dialog.current?.open !== true) onClose();
  };
  const close = (): void => {
    const el = dialog.current;
    if (el !== null && el.open && typeof el.close === 'function') el.close(); // fires 'close' → onClose
    else onClose();
  };
  // A click on the dialog element itself (not its content box) is a click on the backdrop.
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>): void => {
    if (event.target === event.currentTarget) close();
  };

  const base = baseUri ?? document.baseURI;
  // Every output (link, snippet, custom element, preview) carries the same settings, held under 8 KB.
  const sent = useMemo(() => fitEmbedSettings(settings, locale, choices, base), [settings, locale, choices, base]);
  const url = embedUrl(sent, locale, choices, base);
  // In the widget's language (the link's lang), like everything else the snippet says.
  const title = frameTitle(choices.widget, url);
  const snippet = embedSnippet({ url, title, size: choices.size });

  return (
    <dialog ref={dialog} className="embed-dialog" aria-labelledby={headingId} onClose={onClosed} onClick={onBackdrop}>
      <div className="embed-dialog__box">
        <div className="embed-dialog__head">
          <h2 id={headingId}>{t('share.embed.heading')}</h2>
          <button type="button" className="embed-dialog__close" aria-label={t('share.embed.close')} title={t('share.embed.close')} onClick={close}>
            ×
          </button>
        </div>
        <p className="embed-hint">{t('share.embed.intro')}</p>
        <LinkCutHint parts={describeCut(settings, sent)} />
        <div className="embed-dialog__body">
          <EmbedOptionsForm choices={choices} onChange={setChoices} />
          <EmbedOutputs url={url} snippet={snippet} elementSnippet={elementSnippet(choices.widget, url, base)} appUrl={getAppUrl()} confirmMs={confirmMs} />
        </div>
        <p>
          <a href={GUIDE_HREF} onClick={close}>
            {t('share.embed.guide')}
          </a>
        </p>
        <section className="embed-dialog__preview" aria-labelledby={`${headingId}-preview`}>
          <h3 id={`${headingId}-preview`}>{t('share.embed.preview')}</h3>
          <EmbedPreview url={url} title={title} size={choices.size} />
        </section>
      </div>
    </dialog>
  );
}
