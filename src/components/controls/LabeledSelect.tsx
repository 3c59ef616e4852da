import type { ReactNode } from 'react';

export interface LabeledSelectProps<T extends string | number> {
  /** The visible label; it wraps the select, so it is also the select's accessible name. */
  readonly label: ReactNode;
  readonly value: T;
  readonly options: readonly T[];
  /** What an option shows (default: its value). */
  readonly optionLabel?: (option: T) => ReactNode;
  /** The chosen option's value as the select reports it (a string); the caller parses or checks it. */
  readonly onChange: (value: string) => void;
  /** Also ties label and select by id, where a form names its fields (default: none). */
  readonly id?: string;
  readonly className?: string;
}

const showValue = (option: string | number): ReactNode => option;

/** A native select of `options` inside its label. */
export function LabeledSelect<T extends string | number>({ label, value, options, optionLabel = showValue, onChange, id, className }: LabeledSelectProps<T>) {
  return (
    <label className={className} htmlFor={id}>
      {label}
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
