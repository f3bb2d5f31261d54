// A labelled input with its error message below it, wired for screen readers. `addon` sits beside
// the input (a password's show/hide button); the checkout and the account forms share this field.

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTypedBeforeHydration } from '../typed-before-hydration';
import './form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  readonly label: string;
  readonly value: string;
  readonly error?: string;
  readonly hint?: string;
  readonly onValue: (value: string) => void;
  /** Beside the input, e.g. a button acting on it; it gets the input's id. */
  readonly addon?: (inputId: string) => ReactNode;
}

export function TextField({ label, value, error, hint, onValue, name, addon, ...input }: TextFieldProps) {
  const id = useId();
  const typed = useTypedBeforeHydration<HTMLInputElement>(onValue);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      ref={typed}
      id={id}
      type="text"
      name={name}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onValue(event.target.value)}
      {...input}
    />
  );
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="field-control">
          {control}
          {addon(id)}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert" data-field={name}>
          {error}
        </p>
      )}
    </div>
  );
}
