// The note under a form after a submit: saved (focused, so it is read out), or why not. FormFailure
// is the one way a form (or a part of a screen that failed to load) says why it failed as a whole;
// field errors stand at their fields. A machine keeps a failure kind, never a sentence: FormFailure
// turns the kind into the shop's language, with the words readApiFailure's kinds have everywhere
// unless a form has its own sentence, and offers the retry where the screen gives one.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { SaveFailure } from '../../machines/form';
import type { ApiFailureKind } from '../../services/api-failure';
import { useFocusOnMount } from './focus';
import { waitText } from './wait-text';
import './form.css';

export function SavedNote({ children }: { children: ReactNode }) {
  const focus = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p className="form-success" role="status" tabIndex={-1} ref={focus}>
      {children}
    </p>
  );
}

/**
 * The sentence of a failure kind; for a rate limit it may be made with the wait: `wait` in words (a
 * minute when the server named none), `retryAfterSeconds` as the server said it (null: not said).
 */
export type FailureText = MessageDescriptor | ((wait: string, retryAfterSeconds: number | null) => MessageDescriptor);

/** A failure as machines keep it: its kind alone, or the kind with the server's wait. */
type ShownFailure<K extends string> = K | { readonly kind: K; readonly retryAfterSeconds?: number | null };

/** A form's own sentences, per kind (any of readApiFailure's, and the machine's own kinds). */
export type FailureTexts<K extends string> = { readonly [P in K | ApiFailureKind]?: FailureText };

/** The words of readApiFailure's kinds where a form has none of its own. */
const API_FAILURE_TEXTS = {
  network: msg`This did not work right now. Please try again.`,
  server: msg`Something went wrong on our side. Nothing is lost: please try again in a moment.`,
  rateLimited: (wait, retryAfterSeconds) =>
    retryAfterSeconds === null
      ? msg`Too many attempts. Please wait a minute and try again.`
      : msg`Too many attempts. Please try again in ${wait}.`,
  validation: msg`Some details are not valid. Please check the marked fields.`,
  unauthorized: msg`Please log in and try again.`,
  forbidden: msg`This is not possible with your account. Please contact us if you need help.`,
  notFound: msg`This is no longer available. Please reload the page.`,
  conflict: msg`Something changed in the meantime. Please reload the page and try again.`,
  refused: msg`This did not work. Please check your details and try again.`,
  sessionEnded: msg`Your session has ended. Please log in again.`,
} as const satisfies Record<ApiFailureKind, FailureText>;

// A machine's own kinds (e.g. the contact form's 'tooFast') have no words here: the form must name
// them, in `texts` or with `otherwise`.
type OwnKinds<K extends string> = Exclude<K, ApiFailureKind>;
type TextProps<K extends string> = [OwnKinds<K>] extends [never]
  ? { readonly texts?: FailureTexts<NoInfer<K>>; readonly otherwise?: FailureText }
  : | { readonly texts: FailureTexts<NoInfer<K>> & { readonly [P in OwnKinds<NoInfer<K>>]: FailureText }; readonly otherwise?: FailureText }
    | { readonly texts?: FailureTexts<NoInfer<K>>; readonly otherwise: FailureText };

type FormFailureProps<K extends string> = {
  /** Nothing is shown while it is null. */
  readonly failure: ShownFailure<K> | null | undefined;
  /** Shows a "Try again" button in the note that calls this (where the same request may work again). */
  readonly onRetry?: () => void;
  /** The retry is running: its button is disabled. */
  readonly retrying?: boolean;
} & TextProps<K>;

/**
 * The note under a form: a sentence per failure kind — the form's own from `texts`, else `otherwise`
 * (one sentence for every other kind), else the words of readApiFailure's kind. An alert, so it is
 * read out when it appears. It leaves the focus where it is (the submit button, or the first invalid
 * field useFocusFirstError focused): moving it would take the seller away from what they correct.
 */
export function FormFailure<K extends string>({ failure, texts, otherwise, onRetry, retrying }: FormFailureProps<K>) {
  const { i18n } = useLingui();
  if (failure === null || failure === undefined) return null;
  const kind = typeof failure === 'string' ? failure : failure.kind;
  const retryAfterSeconds = typeof failure === 'string' ? null : (failure.retryAfterSeconds ?? null);
  const text: FailureText =
    (texts as FailureTexts<string> | undefined)?.[kind] ??
    otherwise ??
    (API_FAILURE_TEXTS as Partial<Record<string, FailureText>>)[kind] ??
    // A kind no form names (a newer machine's): still a sentence, never an id.
    API_FAILURE_TEXTS.refused;
  const sentence = typeof text === 'function' ? text(waitText(i18n, retryAfterSeconds ?? 60), retryAfterSeconds) : text;
  return (
    <div className="form-problem" role="alert" data-failure={kind}>
      <p>{i18n._(sentence)}</p>
      {onRetry && (
        <button type="button" className="button secondary" onClick={onRetry} disabled={retrying}>
          {i18n._(msg`Try again`)}
        </button>
      )}
    </div>
  );
}

/** A failed save of the account's forms and the review (an ended session reads as everywhere). */
export const SAVE_FAILURE_TEXTS = {
  unavailable: msg`We could not save your changes right now. Nothing is lost: please try again.`,
  fields: msg`Some details are not valid. Please check the marked fields.`,
  locked: (wait) => msg`Too many attempts. Please try again in ${wait}.`,
  refused: msg`Your changes could not be saved. Please check them and try again.`,
} as const satisfies FailureTexts<SaveFailure['kind']>;
