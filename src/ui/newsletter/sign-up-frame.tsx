// What the sign-up form looks like: heading, why, the e-mail field, the button and the consent note.
// The machine-driven form (./sign-up-form.tsx) and its stand-in while that loads share it.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { NewsletterSource } from '../../contracts/newsletter';
import { useShop } from '../shop-context';

export interface SignUpFrameProps {
  readonly source: NewsletterSource;
  readonly email: string;
  readonly onEmail: (value: string) => void;
  readonly onSubmit?: () => void;
  readonly sending: boolean;
  readonly error?: string | undefined;
  readonly problem?: ReactNode;
  readonly formRef?: RefObject<HTMLFormElement | null>;
  /** The stand-in had the focus when this form replaced it. */
  readonly autoFocus?: boolean;
  readonly onFocusChange?: (focused: boolean) => void;
}

export function SignUpFrame(props: SignUpFrameProps) {
  const { source, email, onEmail, onSubmit, sending, error, problem, formRef, autoFocus, onFocusChange } = props;
  const { i18n } = useLingui();
  const shop = useShop();
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  return (
    <form
      ref={formRef}
      className={`newsletter-signup newsletter-${source}`}
      noValidate
      aria-labelledby={headingId}
      data-testid={`newsletter-${source}`}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <h2 id={headingId}>{i18n._(msg`Newsletter`)}</h2>
      <p>{i18n._(msg`Good prices for your devices, selling tips and news — about once a month.`)}</p>
      <div className={error ? 'field invalid' : 'field'}>
        <label htmlFor={`${id}-email`}>{i18n._(msg`Your e-mail address`)}</label>
        <div className="newsletter-row">
          <input
            id={`${id}-email`}
            // Not "email": pages with an account form have that field name already.
            name="newsletterEmail"
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : '', noteId].filter(Boolean).join(' ')}
            onChange={(event) => onEmail(event.target.value)}
            // Only when the stand-in form had the focus: the user was typing when this form arrived.
            autoFocus={autoFocus}
            onFocus={() => onFocusChange?.(true)}
            onBlur={() => onFocusChange?.(false)}
          />
          <button type="submit" className="button primary" disabled={sending} aria-busy={sending || undefined}>
            {sending ? i18n._(msg`Signing up…`) : i18n._(msg`Sign up`)}
          </button>
        </div>
        {error && (
          <p id={errorId} className="field-error" role="alert" data-field="email">
            {error}
          </p>
        )}
      </div>
      {problem}
      <p id={noteId} className="field-hint">
        {i18n._(msg`We send you an e-mail to confirm. You can unsubscribe at any time with the link in every newsletter.`)}{' '}
        <Link to={shop.contentPath('privacy')}>{i18n._(msg`Privacy policy`)}</Link>
      </p>
    </form>
  );
}
