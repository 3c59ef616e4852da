import { useId, useState, type FormEvent } from 'react';
import { truncateLabel } from '../../components/heatmap/heatmapModel';
import { useT } from '../../i18n/translate';
import { PLAYGROUND_LIMITS } from '../types';

/** A whole number within the seed's limits, or null. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return seed >= PLAYGROUND_LIMITS.seed.min && seed <= PLAYGROUND_LIMITS.seed.max ? seed : null;
}

/** Longest part of a refused seed that is quoted back. */
const SEED_PREVIEW = 24;

export interface SeedFieldProps {
  readonly seed: number;
  readonly onSeed: (seed: number) => void;
}

/**
 * The seed, applied with its button (or Enter), not on every keystroke: each seed is a new model. Text that is
 * not a seed is refused here with a message tied to the field. Render it with key={seed} so a seed changed
 * elsewhere (a link, Back) resets the text.
 */
export function SeedField({ seed, onSeed }: SeedFieldProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(String(seed));
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = parseSeed(text);
    if (next === null) {
      setError(t('pg.form.seedInvalid', { value: truncateLabel(text.trim(), SEED_PREVIEW), max: PLAYGROUND_LIMITS.seed.max, seed }));
      return;
    }
    setError(null);
    onSeed(next);
  };
  return (
    <form className="playground-form__seed" onSubmit={apply}>
      <div className="playground-form__seed-row">
        <label htmlFor={`${id}-seed`}>
          {t('pg.form.seed')}
          <input
            id={`${id}-seed`}
            type="text"
            inputMode="numeric"
            value={text}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? `${id}-seed-error` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="secondary" disabled={text.trim() === String(seed)}>
          {t('pg.form.seedApply')}
        </button>
      </div>
      {error !== null && (
        <p id={`${id}-seed-error`} className="playground-form__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
