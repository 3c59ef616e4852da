import { useId } from 'react';
import { useT } from '../../i18n/translate';
import { POST_LN_STEPS, type WalkthroughStepId } from '../../state/walkthroughStore';
import { EMBED_CONTROLS, EMBED_WIDGETS, type EmbedWidget } from '../../shared/embedContract';
import { withControlLocked, withControlShown, type EmbedChoices } from './embedChoices';
import { EMBED_SIZES, SIZE_PRESETS, type EmbedSize } from './embedSnippet';

export interface EmbedOptionsFormProps {
  readonly choices: EmbedChoices;
  readonly onChange: (next: EmbedChoices) => void;
}

function isWidget(value: string): value is EmbedWidget {
  return (EMBED_WIDGETS as readonly string[]).includes(value);
}

function isStep(value: string): value is WalkthroughStepId {
  return (POST_LN_STEPS as readonly string[]).includes(value);
}

/** The dialog's choices: widget, walkthrough step, controls shown / read-only, frame size. */
export function EmbedOptionsForm({ choices, onChange }: EmbedOptionsFormProps) {
  const t = useT();
  const id = useId();
  const sizeLabel = (size: EmbedSize): string => (size === 'auto' ? t('share.embed.size.auto') : t(`share.embed.size.${size}`, SIZE_PRESETS[size]));
  return (
    <form className="embed-options" onSubmit={(e) => e.preventDefault()}>
      <label className="embed-field" htmlFor={`${id}-widget`}>
        {t('share.embed.widget')}
        <select
          id={`${id}-widget`}
          value={choices.widget}
          onChange={(e) => {
            const widget = e.currentTarget.value;
            if (isWidget(widget)) onChange({ ...choices, widget });
          }}
        >
          {EMBED_WIDGETS.map((w) => (
            <option key={w} value={w}>
              {t(`share.embed.widget.${w}`)}
            </option>
          ))}
        </select>
      </label>
      {choices.widget === 'walkthrough-step' && (
        <label className="embed-field" htmlFor={`${id}-step`}>
          {t('share.embed.step')}
          <select
            id={`${id}-step`}
            value={choices.step}
            onChange={(e) => {
              const step = e.currentTarget.value;
              if (isStep(step)) onChange({ ...choices, step });
            }}
          >
            {POST_LN_STEPS.map((s) => (
              <option key={s} value={s}>
                {t(`walkthrough.step.${s}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="embed-fieldset">
        <legend>{t('share.embed.controls')}</legend>
        <ul className="embed-controls">
          {EMBED_CONTROLS.map((c) => {
            const shown = choices.controls.includes(c);
            return (
              <li key={c}>
                <label className="embed-check">
                  <input type="checkbox" checked={shown} onChange={(e) => onChange(withControlShown(choices, c, e.currentTarget.checked))} />
                  {t(`share.embed.control.${c}`)}
                </label>
                <label className="embed-check embed-check--lock">
                  <input
                    type="checkbox"
                    checked={choices.locked.includes(c)}
                    disabled={!shown}
                    // The visible "read-only" alone would not say which control; the name keeps it (label in name).
                    aria-label={t('share.embed.lockLabel', { control: t(`share.embed.control.${c}`) })}
                    onChange={(e) => onChange(withControlLocked(choices, c, e.currentTarget.checked))}
                  />
                  {t('share.embed.lock')}
                </label>
              </li>
            );
          })}
        </ul>
        <p className="embed-hint">{t('share.embed.controls.hint')}</p>
      </fieldset>
      <fieldset className="embed-fieldset">
        <legend>{t('share.embed.size')}</legend>
        {EMBED_SIZES.map((s) => (
          <label key={s} className="embed-check">
            <input type="radio" name={`${id}-size`} value={s} checked={choices.size === s} onChange={() => onChange({ ...choices, size: s })} />
            {sizeLabel(s)}
          </label>
        ))}
        {choices.size === 'auto' && <p className="embed-hint">{t('share.embed.size.autoHint')}</p>}
      </fieldset>
    </form>
  );
}
