// A labelled form field with its problem: the label names the input, the problem is tied to it
// (aria-describedby) and marks it invalid, a hint stays below the label.

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  readonly label: ReactNode;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly problem?: string | null;
  readonly hint?: ReactNode;
  readonly ref?: Ref<HTMLInputElement>;
}

export function Field({ label, value, onValue, problem, hint, className, ref, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {problem && (
        <p id={`${id}-problem`} className="problem">
          {problem}
        </p>
      )}
    </div>
  );
}

/** After each refused submit (`attempt` counts them), the form's first invalid field takes the focus. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** For useSelector: an object of selected values is the same when each value is. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
