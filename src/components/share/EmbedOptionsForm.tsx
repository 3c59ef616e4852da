import { useId } from 'react';
import { useT } from '../../i18n/translate';
import { POST_LN_STEPS, type WalkthroughStepId } from '../../state/walkthroughStore';
import { EMBED_CONTROLS, EMBED_WIDGETS, type EmbedWidget } from '../../shared/embedContract';
import { LabeledSelect } from '../controls/LabeledSelect';
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
      <LabeledSelect
        id={`${id}-widget`}
        className="embed-field"
        label={t('share.embed.widget')}
        value={choices.widget}
        options={EMBED_WIDGETS}
        optionLabel={(w) => t(`share.embed.widget.${w}`)}
        onChange={(widget) => {
          if (isWidget(widget)) onChange({ ...choices, widget });
        }}
      />
      {choices.widget === 'walkthrough-step' && (
        <LabeledSelect
          id={`${id}-step`}
          className="embed-field"
          label={t('share.embed.step')}
          value={choices.step}
          options={POST_LN_STEPS}
          optionLabel={(s) => t(`walkthrough.step.${s}`)}
          onChange={(step) => {
            if (isStep(step)) onChange({ ...choices, step });
          }}
        />
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
