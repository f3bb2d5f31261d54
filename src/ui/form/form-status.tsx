// The line under an account form after a submit: saved (focused, so it is read out), or why not.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { FormFailure } from '../../machines/form';
import { useFocusOnMount } from './focus';
import { waitText } from './wait-text';

export function SavedNote({ children }: { children: ReactNode }) {
  const focus = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p className="form-success" role="status" tabIndex={-1} ref={focus}>
      {children}
    </p>
  );
}

/** A failure other than field errors (those stand next to their fields). */
export function FailureNote({ failure }: { failure: FormFailure | null }) {
  const { i18n } = useLingui();
  if (failure === null) return null;
  if (failure.kind === 'locked') {
    const wait = waitText(i18n, failure.retryAfterSeconds ?? 60);
    return (
      <p className="form-problem" role="alert">
        {i18n._(msg`Too many attempts. Please try again in ${wait}.`)}
      </p>
    );
  }
  const text =
    failure.kind === 'unavailable'
      ? msg`We could not save your changes right now. Nothing is lost: please try again.`
      : failure.kind === 'fields'
        ? msg`Some details are not valid. Please check the marked fields.`
        : failure.kind === 'sessionEnded'
          ? msg`Your session has ended. Please log in again.`
          : msg`Your changes could not be saved. Please check them and try again.`;
  return (
    <p className="form-problem" role="alert">
      {i18n._(text)}
    </p>
  );
}
