// Where keyboard and screen-reader focus goes after a form answers: to the first invalid field after a
// refused submit, to the heading of a new page state (a result, an error) when it appears.

import { useCallback, useEffect, type RefObject } from 'react';

/** After each change of `attempt` (a counter of refused submits), focus the form's first invalid field. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
}

/** A ref callback that focuses its element once it is mounted (give it tabIndex={-1} if it is a heading). */
export function useFocusOnMount<T extends HTMLElement>(): (element: T | null) => void {
  return useCallback((element: T | null) => element?.focus(), []);
}
