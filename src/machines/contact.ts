// The contact form of the contact page and the help widget (product §1): subject, name, e-mail, trade
// number, message, attachments. The typed text is a draft kept across reloads (./contact.actors.ts
// stores it); attachments stay in the tab only. The HTTP calls and the draft are actors provided by
// ./contact.actors.ts (tests provide fakes).
//
//   preparing (draft + form ticket) ─▶ editing ─ 'contact.submit', valid ─▶ sending ─ 202 ─▶ sent
//                                        ▲  invalid: errors by field ◀─┘  │ 400: errors by field, too fast
//                                        │                               └─ no answer, 5xx, 429 ─▶ failed ─ 'contact.retry' ─▶ sending
//                                        └──────────── 'contact.restart' (write another message) ◀── sent

import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../config/locales';
import { ATTACHMENT_TYPES, CONTACT_LIMITS, ContactFieldsSchema, type ContactAccepted, type ContactFields } from '../contracts/contact';
import type { IssueCode } from '../contracts/issues';
import { readApiFailure } from '../services/api-failure';
import { fieldErrors, hasErrors, withoutError, type FieldErrors } from './form';

/** What a person types, as the form keeps it (strings, as the inputs give them). */
export interface ContactDraft {
  readonly subject: string;
  readonly name: string;
  readonly email: string;
  readonly tradeNumber: string;
  readonly message: string;
  readonly business: boolean;
}

export type ContactTextField = Exclude<keyof ContactDraft, 'business'>;

export const EMPTY_DRAFT: ContactDraft = { subject: '', name: '', email: '', tradeNumber: '', message: '', business: false };

export type ContactSource = 'page' | 'widget';

export interface ContactInput {
  readonly locale: Locale;
  readonly source: ContactSource;
  /** Preselects a subject (e.g. the widget on the checkout: payment). */
  readonly subject?: string;
  /** Preselects "about a business trade-in" (the business landing page's link). */
  readonly business?: boolean;
  /** Starts the message (the search's "device not listed" link: what the seller searched for). */
  readonly message?: string;
}

export type ContactFailure =
  /** No answer or a server failure: the same message may be sent again. */
  | { readonly kind: 'unavailable' }
  /** 429: too many messages from here; wait. */
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number | null }
  /** Sent sooner than a person fills in a form (anti-spam): check it and send again. */
  | { readonly kind: 'tooFast' }
  /** The form ticket expired (a draft kept for a day): sending again asks for a new one. */
  | { readonly kind: 'expired' }
  /** Another refusal. */
  | { readonly kind: 'refused' };

export interface ContactContext {
  readonly locale: Locale;
  readonly source: ContactSource;
  readonly draft: ContactDraft;
  /** The honeypot's value: people never see the field, so it stays ''. */
  readonly website: string;
  readonly files: readonly File[];
  /** The server's form ticket (time-to-submit); null until it came, or after it expired. */
  readonly ticket: string | null;
  readonly errors: FieldErrors;
  /** How often a submit came back with field errors (from the check here or the server's 400): the form focuses the first one each time. */
  readonly refused: number;
  readonly failure: ContactFailure | null;
  /** The reference of the sent message. */
  readonly reference: string | null;
}

export type ContactEvent =
  | { readonly type: 'contact.change'; readonly field: ContactTextField; readonly value: string }
  | { readonly type: 'contact.business'; readonly value: boolean }
  | { readonly type: 'contact.honeypot'; readonly value: string }
  | { readonly type: 'contact.attach'; readonly files: readonly File[] }
  | { readonly type: 'contact.detach'; readonly index: number }
  | { readonly type: 'contact.submit' }
  | { readonly type: 'contact.retry' }
  | { readonly type: 'contact.restart' };

/** What `prepare` finds: the kept draft (or null) and a form ticket (null when none could be had). */
export interface Prepared {
  readonly draft: ContactDraft | null;
  readonly ticket: string | null;
}

export interface SendInput {
  readonly fields: ContactFields;
  readonly website: string;
  readonly files: readonly File[];
  readonly ticket: string | null;
  readonly source: ContactSource;
}

const ALLOWED_TYPES = new Set<string>(ATTACHMENT_TYPES);
const ALLOWED_EXTENSIONS = /\.(jpe?g|png|webp|gif|heic|heif|pdf)$/i;

/** The browser's view of a file (the server judges the content): type or extension, size. */
function fileIssue(file: File): IssueCode | null {
  if (file.size > CONTACT_LIMITS.attachmentBytes) return 'attachmentTooLarge';
  if (!ALLOWED_TYPES.has(file.type) && !ALLOWED_EXTENSIONS.test(file.name)) return 'attachmentType';
  return null;
}

export function attachmentErrors(files: readonly File[]): FieldErrors {
  const errors: Record<string, IssueCode> = {};
  if (files.length > CONTACT_LIMITS.attachments) errors.attachments = 'tooManyAttachments';
  files.forEach((file, index) => {
    const issue = fileIssue(file);
    if (issue) errors[`attachments.${index}`] = issue;
  });
  return errors;
}

const withoutAttachmentErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => path !== 'attachments' && !path.startsWith('attachments.')));

/** The draft as the contract reads it, or the field errors. */
export function checkDraft(draft: ContactDraft): { fields: ContactFields } | { errors: FieldErrors } {
  const parsed = ContactFieldsSchema.safeParse(draft);
  return parsed.success ? { fields: parsed.data } : { errors: fieldErrors(parsed.error) };
}

const draftErrors = (context: ContactContext): FieldErrors => {
  const checked = checkDraft(context.draft);
  return { ...('errors' in checked ? checked.errors : {}), ...attachmentErrors(context.files) };
};

/** A kept draft fills only what is still empty (the visitor may have typed meanwhile). */
function merged(current: ContactDraft, kept: ContactDraft): ContactDraft {
  const pick = (field: ContactTextField) => (current[field] !== '' ? current[field] : kept[field]);
  return {
    subject: pick('subject'),
    name: pick('name'),
    email: pick('email'),
    tradeNumber: pick('tradeNumber'),
    message: pick('message'),
    business: current.business || kept.business,
  };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`contact machine: provide the '${name}' actor`));

type Failure = { readonly error: unknown };

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
    input: {} as ContactInput,
  },
  actors: {
    prepare: fromPromise<Prepared, void>(notProvided('prepare')),
    send: fromPromise<ContactAccepted, SendInput>(notProvided('send')),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(draftErrors(context)),
    hasFieldErrors: (_, { error }: Failure) => {
      const failure = readApiFailure(error);
      return failure.kind === 'validation' && failure.issues.some((issue) => issue.path !== 'ticket');
    },
    wasTooFast: (_, { error }: Failure) => {
      const failure = readApiFailure(error);
      return failure.kind === 'validation' && failure.issues.some((issue) => issue.path === 'ticket' && issue.code === 'tooFast');
    },
    ticketRefused: (_, { error }: Failure) => {
      const failure = readApiFailure(error);
      return failure.kind === 'validation' && failure.issues.some((issue) => issue.path === 'ticket');
    },
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type === 'contact.change') {
        return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutError(context.errors, event.field) };
      }
      if (event.type === 'contact.business') return { draft: { ...context.draft, business: event.value } };
      if (event.type === 'contact.honeypot') return { website: event.value };
      return {};
    }),
    attach: assign(({ context, event }) => {
      if (event.type !== 'contact.attach') return {};
      const files = [...context.files, ...event.files];
      return { files, errors: { ...withoutAttachmentErrors(context.errors), ...attachmentErrors(files) } };
    }),
    detach: assign(({ context, event }) => {
      if (event.type !== 'contact.detach') return {};
      const files = context.files.filter((_, index) => index !== event.index);
      return { files, errors: { ...withoutAttachmentErrors(context.errors), ...attachmentErrors(files) } };
    }),
    adoptPrepared: assign(({ context }, prepared: Prepared) => ({
      draft: prepared.draft ? merged(context.draft, prepared.draft) : context.draft,
      ticket: prepared.ticket ?? context.ticket,
    })),
    showErrors: assign(({ context }) => ({ errors: draftErrors(context), failure: null, refused: context.refused + 1 })),
    startSending: assign({ failure: null, errors: {} }),
    storeFieldErrors: assign(({ context }, { error }: Failure) => {
      const failure = readApiFailure(error);
      const errors = failure.kind === 'validation' ? fieldErrors(failure.issues.filter((issue) => issue.path !== 'ticket')) : {};
      return { errors, refused: hasErrors(errors) ? context.refused + 1 : context.refused };
    }),
    storeTooFast: assign({ failure: { kind: 'tooFast' } as ContactFailure }),
    storeExpired: assign({ failure: { kind: 'expired' } as ContactFailure, ticket: null }),
    storeFailure: assign((_, { error }: Failure) => {
      const failure = readApiFailure(error);
      const stored: ContactFailure =
        failure.kind === 'network' || failure.kind === 'server'
          ? { kind: 'unavailable' }
          : failure.kind === 'rateLimited'
            ? { kind: 'rateLimited', retryAfterSeconds: failure.retryAfterSeconds }
            : { kind: 'refused' };
      return { failure: stored };
    }),
    storeSent: assign((_, answer: ContactAccepted) => ({ reference: answer.reference })),
    /** Another message: the sender's name and e-mail stay, the rest is new. */
    startOver: assign(({ context }) => ({
      draft: { ...EMPTY_DRAFT, name: context.draft.name, email: context.draft.email },
      files: [],
      errors: {},
      failure: null,
      reference: null,
    })),
  },
}).createMachine({
  id: 'contact',
  context: ({ input }) => ({
    locale: input.locale,
    source: input.source,
    draft: { ...EMPTY_DRAFT, subject: input.subject ?? '', message: input.message ?? '', business: input.business ?? false },
    website: '',
    files: [],
    ticket: null,
    errors: {},
    refused: 0,
    failure: null,
    reference: null,
  }),
  initial: 'preparing',
  on: {
    'contact.change': { actions: 'change' },
    'contact.business': { actions: 'change' },
    'contact.honeypot': { actions: 'change' },
    'contact.attach': { actions: 'attach' },
    'contact.detach': { actions: 'detach' },
  },
  states: {
    preparing: {
      invoke: {
        src: 'prepare',
        onDone: { target: 'editing', actions: { type: 'adoptPrepared', params: ({ event }) => event.output } },
        // Without a kept draft or a ticket the form still works (the send asks for a ticket).
        onError: 'editing',
      },
      on: { 'contact.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showErrors' }] },
    },
    editing: {
      on: { 'contact.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showErrors' }] },
    },
    sending: {
      entry: 'startSending',
      invoke: {
        src: 'send',
        input: ({ context }) => {
          const checked = checkDraft(context.draft);
          if (!('fields' in checked)) throw new Error('contact machine: sending an invalid draft');
          return { fields: checked.fields, website: context.website, files: context.files, ticket: context.ticket, source: context.source };
        },
        onDone: { target: 'sent', actions: { type: 'storeSent', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          { guard: { type: 'wasTooFast', params: ({ event }) => ({ error: event.error }) }, target: 'editing', actions: 'storeTooFast' },
          { guard: { type: 'ticketRefused', params: ({ event }) => ({ error: event.error }) }, target: 'editing', actions: 'storeExpired' },
          { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        'contact.retry': 'sending',
        'contact.submit': [
          { guard: 'isValid', target: 'sending' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
    },
    sent: {
      on: { 'contact.restart': { target: 'editing', actions: 'startOver' } },
    },
  },
});

export type ContactMachine = typeof contactMachine;

/** What is kept of a form between visits: the typed text and the ticket, never the files or the honeypot. */
export interface StoredContact {
  readonly version: 1;
  readonly draft: ContactDraft;
  readonly ticket: string | null;
}

/** The draft to keep, or null when there is nothing worth keeping (empty, or sent). */
export function storedContactOf(context: ContactContext, sent: boolean): StoredContact | null {
  if (sent) return null;
  const { draft } = context;
  const typed = draft.name !== '' || draft.email !== '' || draft.message !== '' || draft.tradeNumber !== '';
  return typed ? { version: 1, draft, ticket: context.ticket } : null;
}

/** A stored draft, if it has the shape this version keeps. */
export function restoredContact(stored: unknown): StoredContact | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { version, draft, ticket } = stored as Partial<StoredContact>;
  if (version !== 1 || typeof draft !== 'object' || draft === null) return null;
  const texts: ContactTextField[] = ['subject', 'name', 'email', 'tradeNumber', 'message'];
  if (!texts.every((field) => typeof draft[field] === 'string') || typeof draft.business !== 'boolean') return null;
  return { version: 1, draft: { ...EMPTY_DRAFT, ...draft }, ticket: typeof ticket === 'string' ? ticket : null };
}
