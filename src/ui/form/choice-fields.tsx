// A labelled select and a labelled text area with their error message below, wired for screen
// readers like TextField (./text-field).

import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTypedBeforeHydration } from '../typed-before-hydration';
import { Select } from './select';

function described(id: string, hint: string | undefined, error: string | undefined) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Below({ id, name, hint, error }: { id: string; name: string | undefined; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert" data-field={name}>
          {error}
        </p>
      )}
    </>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  readonly label: string;
  readonly value: string;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly onValue: (value: string) => void;
  readonly children: ReactNode;
}

export function SelectField({ label, value, error, hint, onValue, name, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        onChange={(event) => onValue(event.target.value)}
        {...select}
      >
        {children}
      </Select>
      <Below id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  readonly label: string;
  readonly value: string;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly onValue: (value: string) => void;
}

export function TextAreaField({ label, value, error, hint, onValue, name, ...area }: TextAreaFieldProps) {
  const id = useId();
  const typed = useTypedBeforeHydration<HTMLTextAreaElement>(onValue);
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={typed}
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        onChange={(event) => onValue(event.target.value)}
        {...area}
      />
      <Below id={id} name={name} hint={hint} error={error} />
    </div>
  );
}
