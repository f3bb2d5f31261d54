// The contact form (product §1 help/contact widget): GET /api/contact/ticket dates an opened form,
// POST /api/contact takes the message as multipart/form-data with up to three attachments (images
// or PDF, judged by their content). Anti-spam without third parties: a per-IP limit (429 first), a
// honeypot field (a filled one gets the same 202 and nothing is stored or sent) and the form
// ticket's time-to-submit. Input problems answer 400 with `fields`, never 500.

import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { contactRecipient, type ContactSubject } from '../../src/config/contact';
import { countryConfig } from '../../src/config/countries';
import { resolveShop } from '../../src/config/hosts';
import {
  ATTACHMENT_FIELD,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  ContactSubmissionSchema,
  type ContactAccepted,
  type ContactTicket,
} from '../../src/contracts/contact';
import { fieldIssues } from '../../src/contracts/issues';
import { safeFilename, sniffAttachmentType, type Attachment } from './attachments';
import { newReference, mailContactMessage, saveContactMessage } from './service';
import { brandOf } from '../../src/config/brands';
import { CONTACT_RATE_LIMITS, contactClock, type ContactRateLimitName, type ContactServices } from './services';
import { checkTicket, issueTicket } from './ticket';
import type { Database } from '../db/client';
import { apiErrorHandler, badRequest, tooManyRequests, type FieldError } from '../http/errors';
import { cleanInput, inputRefusal } from '../http/input-guard';
import { NO_STORE } from '../http/no-store';

const INVALID = 'Some details of the message are not valid.';

interface Upload {
  readonly filename: string | undefined;
  readonly content: Uint8Array | null;
}

interface ParsedForm {
  readonly fields: Record<string, string>;
  readonly uploads: Upload[];
  readonly issues: FieldError[];
}

const KNOWN_FIELDS = new Set<string>(CONTACT_FIELDS);

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** Reads the multipart body; limits become field issues, a body that is not a form a plain 400. */
async function readForm(request: FastifyRequest): Promise<ParsedForm> {
  if (!request.isMultipart()) throw badRequest('Send the contact form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  const issues: FieldError[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== ATTACHMENT_FIELD) {
          part.file.resume();
          continue;
        }
        const position = uploads.length;
        const content = await part.toBuffer();
        // A file input left empty sends a part without a name and without bytes: nothing was attached.
        if (content.length === 0 && !part.filename) continue;
        // Over the size limit busboy cuts the file short (truncated) and the form reads on.
        if (part.file.truncated) {
          uploads.push({ filename: part.filename, content: null });
          issues.push({
            path: `${ATTACHMENT_FIELD}.${position}`,
            code: 'attachmentTooLarge',
            message: `An attachment may have at most ${CONTACT_LIMITS.attachmentBytes / 1024 / 1024} MB.`,
          });
        } else {
          uploads.push({ filename: part.filename, content });
        }
      } else if (KNOWN_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_FILES_LIMIT') {
      issues.push({
        path: ATTACHMENT_FIELD,
        code: 'tooManyAttachments',
        message: `A message may carry at most ${CONTACT_LIMITS.attachments} attachments.`,
      });
    } else {
      // A body cut short or malformed (busboy's own errors carry no code): the sender's problem.
      request.log.info({ event: 'contact_unreadable', code }, 'contact form unreadable');
      throw badRequest('The contact form could not be read.');
    }
  }
  if (uploads.length > CONTACT_LIMITS.attachments && !issues.some((i) => i.code === 'tooManyAttachments')) {
    issues.push({
      path: ATTACHMENT_FIELD,
      code: 'tooManyAttachments',
      message: `A message may carry at most ${CONTACT_LIMITS.attachments} attachments.`,
    });
  }
  return { fields, uploads, issues };
}

export function registerContactRoutes(
  server: FastifyInstance,
  { db, services }: { readonly db: Database; readonly services: ContactServices },
): void {
  const rules = { ...CONTACT_RATE_LIMITS, ...services.rateLimits };

  const limit =
    (name: ContactRateLimitName): preValidationAsyncHookHandler =>
    async (request) => {
      const rule = rules[name];
      const result = await services.limiter.hit(`${name}:${request.ip}`, rule.limit, rule.windowSeconds);
      if (result.allowed) return;
      request.log.info({ event: 'contact_rate_limited', limit: name }, 'contact rate limited');
      throw tooManyRequests(result.retryAfterSeconds, 'Too many messages. Please wait a moment and try again.');
    };

  void server.register(async (scope) => {
    scope.setErrorHandler(apiErrorHandler);
    await scope.register(fastifyMultipart, {
      limits: {
        fields: 20,
        fieldSize: 4 * CONTACT_LIMITS.message,
        // One more than allowed, so the excess is reported rather than silently dropped.
        files: CONTACT_LIMITS.attachments + 1,
        fileSize: CONTACT_LIMITS.attachmentBytes,
        parts: 30,
      },
      throwFileSizeLimit: false,
    });

    scope.get('/api/contact/ticket', { ...NO_STORE, preValidation: [limit('contactTicket')] }, async (): Promise<ContactTicket> => {
      return { ticket: issueTicket(services.ticketSecret, contactClock(services)) };
    });

    scope.post(
      '/api/contact',
      {
        ...NO_STORE,
        preValidation: [limit('contactSend')],
        bodyLimit: (CONTACT_LIMITS.attachments + 1) * CONTACT_LIMITS.attachmentBytes + 256 * 1024,
      },
      async (request, reply) => {
        const { locale, mode } = resolveShop(request.hostname, request.headers.cookie);
        const form = await readForm(request);

        // The honeypot: people never see the field. A bot gets the answer a person gets; nothing is kept.
        if (form.fields.website?.trim()) {
          request.log.info({ event: 'contact_spam', reason: 'honeypot', locale }, 'contact message dropped');
          const accepted: ContactAccepted = { status: 'accepted', reference: newReference(new Date(contactClock(services))) };
          return reply.status(202).send(accepted);
        }

        // The text rule of every API input (server/http/input-guard.ts), here for the form's fields and file names.
        const problem = cleanInput(form.fields) ?? cleanInput({ [ATTACHMENT_FIELD]: form.uploads.map((upload) => upload.filename ?? '') });
        if (problem) throw inputRefusal(problem);
        const parsed = ContactSubmissionSchema.safeParse(form.fields);
        const issues: FieldError[] = [...(parsed.success ? [] : fieldIssues(parsed.error)), ...form.issues];

        const attachments: Attachment[] = [];
        for (const [position, upload] of form.uploads.entries()) {
          if (position >= CONTACT_LIMITS.attachments || upload.content === null) continue;
          const type = await sniffAttachmentType(upload.content);
          if (type === null) {
            issues.push({
              path: `${ATTACHMENT_FIELD}.${position}`,
              code: 'attachmentType',
              message: 'Attach images (JPEG, PNG, WebP, GIF, HEIC) or PDF files only.',
            });
            continue;
          }
          attachments.push({ filename: safeFilename(upload.filename, type, position), contentType: type, content: upload.content });
        }
        if (issues.length > 0 || !parsed.success) throw badRequest(INVALID, issues);

        const submission = parsed.data;
        const ticket = checkTicket(services.ticketSecret, submission.ticket, contactClock(services));
        if (ticket !== 'ok') {
          request.log.info({ event: 'contact_spam', reason: ticket, locale }, 'contact message refused');
          throw badRequest(
            ticket === 'tooFast'
              ? 'The form was sent too quickly. Please check it and send it again.'
              : 'The form has expired. Please send it again.',
            [
              {
                path: 'ticket',
                code: ticket === 'tooFast' ? 'tooFast' : 'invalid',
                message: ticket === 'tooFast' ? 'Sent too quickly.' : 'The form ticket is not valid.',
              },
            ],
          );
        }

        const country = countryConfig(locale);
        const business = mode === 'b2bWidget' || submission.business === true;
        const stored = await saveContactMessage(
          db,
          {
            locale,
            subject: submission.subject as ContactSubject,
            name: submission.name,
            email: submission.email,
            tradeNumber: submission.tradeNumber,
            message: submission.message,
            business,
            recipient: contactRecipient(country.contact, business),
            source: submission.source,
            attachments,
            brand: brandOf(mode),
          },
          new Date(contactClock(services)),
        );
        await mailContactMessage(db, services.mailer, stored, request.log);
        const accepted: ContactAccepted = { status: 'accepted', reference: stored.reference };
        return reply.status(202).send(accepted);
      },
    );
  });
}
