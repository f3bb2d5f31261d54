// The contact form of the contact page and the help widget: it selects from the contact machine and
// sends it events; the machine's actors talk to the server and keep the draft.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { CONTACT_SUBJECTS } from '../../config/contact';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import { ATTACHMENT_ACCEPT, CONTACT_LIMITS } from '../../contracts/contact';
import { contactMachine, type ContactFailure, type ContactSource, type ContactTextField } from '../../machines/contact';
import { contactActors, keepContactDraft } from '../../machines/contact.actors';
import { useApiClient } from '../api-context';
import { SelectField, TextAreaField } from '../form/choice-fields';
import { useFocusFirstError, useFocusOnMount } from '../form/focus';
import { FormFailure, type FailureTexts } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { TextField } from '../form/text-field';
import { useShop } from '../shop-context';
import { SUBJECT_LABELS } from './subjects';
import './contact.css';
import '../form/form.css';

export interface ContactFormProps {
  readonly source: ContactSource;
  /** A subject chosen beforehand (the widget on the checkout asks about payment). */
  readonly subject?: string;
  /** "About a business trade-in" ticked beforehand (the business landing page links here so). */
  readonly business?: boolean;
  /** The start of the message (the search's "device not listed" link). */
  readonly message?: string;
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function ContactForm({ source, subject, business, message }: ContactFormProps) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(() => contactMachine.provide({ actors: contactActors({ api }) }), [api]);
  const actor = useActorRef(machine, {
    input: {
      locale: shop.locale,
      source,
      ...(subject ? { subject } : {}),
      ...(business ? { business } : {}),
      ...(message ? { message } : {}),
    },
    inspect: pageCoverageInspector(),
  });
  useEffect(() => {
    const kept = keepContactDraft(actor);
    return () => void kept.stop();
  }, [actor]);
  const state = useSelector(actor, (s) => s);
  const { draft, files, errors, refused, failure, reference, website } = state.context;
  const errorOf = useErrorOf(errors);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // After a refused submit (here or by the server's 400), the first field with an error takes focus.
  useFocusFirstError(form, refused);
  const honeypotId = useId();
  const sending = state.matches('sending');

  if (state.matches('sent')) {
    return <Sent email={draft.email.trim()} reference={reference ?? ''} onRestart={() => actor.send({ type: 'contact.restart' })} />;
  }

  const change = (field: ContactTextField) => (value: string) => actor.send({ type: 'contact.change', field, value });
  const attachmentError = errorOf('attachments');
  return (
    <form
      ref={form}
      className="contact-form"
      noValidate
      data-testid="contact-form"
      data-state={String(state.value)}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'contact.submit' });
      }}
    >
      <SelectField
        name="subject"
        label={i18n._(msg`What is your message about?`)}
        value={draft.subject}
        error={errorOf('subject')}
        onValue={change('subject')}
      >
        <option value="">{i18n._(msg`Please choose`)}</option>
        {CONTACT_SUBJECTS.map((code) => (
          <option key={code} value={code}>
            {i18n._(SUBJECT_LABELS[code])}
          </option>
        ))}
      </SelectField>
      <div className="field-row">
        <TextField
          name="name"
          autoComplete="name"
          label={i18n._(msg`Your name`)}
          value={draft.name}
          error={errorOf('name')}
          onValue={change('name')}
        />
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={i18n._(msg`E-mail address`)}
          value={draft.email}
          error={errorOf('email')}
          onValue={change('email')}
        />
      </div>
      <TextField
        name="tradeNumber"
        autoComplete="off"
        label={i18n._(msg`Trade number (optional)`)}
        hint={i18n._(msg`If your message is about a trade: for example TR-2026-000123.`)}
        value={draft.tradeNumber}
        error={errorOf('tradeNumber')}
        onValue={change('tradeNumber')}
      />
      <TextAreaField
        name="message"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        label={i18n._(msg`Your message`)}
        value={draft.message}
        error={errorOf('message')}
        onValue={change('message')}
      />
      {shop.country.contact.b2bpartner && (
        <div className="field checkbox">
          <label>
            <input
              type="checkbox"
              name="business"
              checked={draft.business}
              onChange={(event) => actor.send({ type: 'contact.business', value: event.target.checked })}
            />{' '}
            {i18n._(msg`My message is about a business trade-in (for companies)`)}
          </label>
        </div>
      )}
      <div className={attachmentError ? 'field invalid' : 'field'}>
        <label htmlFor={`${honeypotId}-files`}>{i18n._(msg`Attachments (optional)`)}</label>
        <input
          ref={fileInput}
          id={`${honeypotId}-files`}
          type="file"
          name="attachments"
          multiple
          accept={ATTACHMENT_ACCEPT}
          aria-describedby={`${honeypotId}-files-hint${attachmentError ? ` ${honeypotId}-files-error` : ''}`}
          aria-invalid={attachmentError ? true : undefined}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            if (chosen.length > 0) actor.send({ type: 'contact.attach', files: chosen });
            // Cleared, so the same file can be chosen again after removing it.
            event.target.value = '';
          }}
        />
        <p id={`${honeypotId}-files-hint`} className="field-hint">
          {i18n._(msg`Up to 3 photos (JPEG, PNG, WebP, GIF, HEIC) or PDF files, 5 MB each.`)}
        </p>
        {attachmentError && (
          <p id={`${honeypotId}-files-error`} className="field-error" role="alert" data-field="attachments">
            {attachmentError}
          </p>
        )}
        {files.length > 0 && (
          <ul className="attachment-list" aria-label={i18n._(msg`Attached files`)}>
            {files.map((file, index) => {
              const problem = errorOf(`attachments.${index}`);
              const name = file.name;
              return (
                <li key={`${file.name}-${index}`} className={problem ? 'invalid' : undefined} data-testid="attachment">
                  <span>
                    {name} ({megabytes(file.size)} MB)
                  </span>
                  {problem && (
                    <span className="field-error" role="alert">
                      {problem}
                    </span>
                  )}
                  <button type="button" className="link-button" onClick={() => actor.send({ type: 'contact.detach', index })}>
                    {i18n._(msg`Remove ${name}`)}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {/* The honeypot: hidden from people and assistive technology; bots that fill every field fill it. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor={honeypotId}>{i18n._(msg`Leave this field empty`)}</label>
        <input
          id={honeypotId}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => actor.send({ type: 'contact.honeypot', value: event.target.value })}
        />
      </div>
      <FormFailure
        failure={failure}
        texts={CONTACT_FAILURE_TEXTS}
        // The same message may be sent again after no answer; the other failures need the seller first.
        onRetry={failure?.kind === 'unavailable' ? () => actor.send({ type: 'contact.retry' }) : undefined}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={sending} aria-busy={sending || undefined}>
          {sending ? i18n._(msg`Sending…`) : i18n._(msg`Send message`)}
        </button>
      </div>
    </form>
  );
}

const CONTACT_FAILURE_TEXTS = {
  unavailable: msg`We could not send your message right now. Nothing is lost: please try again.`,
  rateLimited: (wait) => msg`You have sent several messages in a short time. Please try again in ${wait}.`,
  tooFast: msg`That was very quick. Please check your message and send it again.`,
  expired: msg`This form was open for a long time. Please send it again.`,
  refused: msg`Your message could not be sent. Please check it and try again.`,
} as const satisfies FailureTexts<ContactFailure['kind']>;

function Sent({ email, reference, onRestart }: { email: string; reference: string; onRestart: () => void }) {
  const { i18n } = useLingui();
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="contact-sent" data-testid="contact-sent" role="status">
      <h2 tabIndex={-1} ref={focus}>
        {i18n._(msg`Thank you, your message is on its way`)}
      </h2>
      <p>{i18n._(msg`We have sent a confirmation to ${email}. Your reference is ${reference}. We answer within one working day.`)}</p>
      <button type="button" className="button secondary" onClick={onRestart}>
        {i18n._(msg`Write another message`)}
      </button>
    </div>
  );
}
