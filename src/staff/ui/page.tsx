// What every back-office screen has: the document title, a heading that takes the focus when the
// screen opens (so a screen reader starts there after a navigation), the loading note and the
// failure note (an alert, with the screen's retry where it has one).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { StaffFailure } from '../services/failure';
import { failureText } from './texts';

export function useDocumentTitle(title: MessageDescriptor | string): void {
  const { i18n } = useLingui();
  const text = typeof title === 'string' ? title : i18n._(title);
  const suffix = i18n._(msg`Back office`);
  useEffect(() => {
    document.title = text === suffix ? suffix : `${text} · ${suffix}`;
  }, [text, suffix]);
}

/** The screen's h1; it takes the focus when it appears unless the screen focuses a field itself. */
export function PageHeading({ children, focus = true }: { children: ReactNode; focus?: boolean }) {
  const focused = useRef(false);
  const ref = useCallback(
    (element: HTMLHeadingElement | null) => {
      if (!element || !focus || focused.current) return;
      focused.current = true;
      element.focus();
    },
    [focus],
  );
  return (
    <h1 tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

export function Loading({ children }: { children?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <p role="status" className="loading">
      {children ?? i18n._(msg`Loading…`)}
    </p>
  );
}

/** A failure in words, as an alert; `text` says it in the screen's own words. */
export function FailureNote({ failure, text, onRetry }: { failure: StaffFailure; text?: string; onRetry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="failure" data-failure={failure.code}>
      <p>{text ?? failureText(i18n, failure)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {i18n._(msg`Try again`)}
        </button>
      )}
    </div>
  );
}
