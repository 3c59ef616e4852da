import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/translate';
import { formatSampleInput, parseSampleInput, playgroundInputFitsUrl } from '../playgroundUrl';
import { usePlayground } from '../playgroundStore';

export interface SampleInputFormProps {
  readonly seqLen: number;
  readonly vocab: number;
}

/**
 * The student's own input for the maps: type a sequence, see what the model (as trained so far) does with it, and
 * keep watching it while training goes on. Render with key={current input} so a change from elsewhere resets it.
 */
export function SampleInputForm({ seqLen, vocab }: SampleInputFormProps) {
  const t = useT();
  const id = useId();
  const sampleInput = usePlayground((s) => s.sampleInput);
  const setSampleInput = usePlayground((s) => s.setSampleInput);
  // A long input (a loaded model's, up to 1,024 tokens) would make the link too long for servers: it is left out.
  const inputInLink = usePlayground((s) => playgroundInputFitsUrl(s.params, s.sampleInput));
  const [text, setText] = useState(sampleInput === null ? '' : formatSampleInput(sampleInput));
  const [error, setError] = useState<string | null>(null);
  const hint = t('pg.input.hint', { n: seqLen, max: vocab - 1 });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const tokens = parseSampleInput(text, seqLen, vocab);
    if (tokens === null) {
      setError(t('pg.input.invalid', { n: seqLen, max: vocab - 1 }));
      return;
    }
    setError(null);
    setSampleInput(tokens);
  };
  return (
    <form className="sample-input" onSubmit={apply}>
      <label htmlFor={`${id}-input`}>{t('pg.input.label')}</label>
      <div className="sample-input__row">
        <input
          id={`${id}-input`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={seqLen * 8}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint${error !== null ? ` ${id}-error` : ''}`}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="secondary">
          {t('pg.input.show')}
        </button>
        {sampleInput !== null && (
          <button type="button" className="secondary" onClick={() => setSampleInput(null)}>
            {t('pg.input.heldOut')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {!inputInLink && <p className="hint">{t('pg.input.notInLink')}</p>}
      {error !== null && (
        <p id={`${id}-error`} className="playground-form__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
