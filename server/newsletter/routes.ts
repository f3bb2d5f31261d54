// The newsletter API (issue 13; product §1: DE, ES, FR, IT — in a shop without the newsletter, such as
// Austria, every endpoint answers 404). The sign-up answers 202 whether or not the address is known
// (no enumeration) and is rate limited per client IP and per address; the confirmation, profile and
// unsubscribe calls are keyed by the signed e-mail hash of the mail links. POST
// /api/newsletter/unsubscribe/{hash} is also the RFC 8058 one-click target of the List-Unsubscribe
// header (form body `List-Unsubscribe=One-Click`, urlencoded or multipart/form-data as mail providers
// send it). Nothing here stores or logs an IP address.

import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryConfig } from '../../src/config/countries';
import { resolveShop } from '../../src/config/hosts';
import type { Locale } from '../../src/config/locales';
import {
  ConfirmRequestSchema,
  EmailHashSchema,
  ProfileSchema,
  SubscribeRequestSchema,
  SubscriptionRequestSchema,
} from '../../src/contracts/newsletter';
import { requireCustomer } from '../accounts/access-tokens';
import { usernameHash } from '../accounts/audit';
import { RATE_LIMITS, type RateLimitName } from '../http/rate-limit';
import { clockOf, type AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import { HttpError, notFound, tooManyRequests } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { sendNewsletterMail } from './mail';
import type { NewsletterSigner } from './signing';
import { brandOf } from '../../src/config/brands';
import {
  accountSubscription,
  confirm,
  findByHash,
  profileOf,
  setAccountSubscription,
  signUp,
  unsubscribe,
  updateProfile,
  type NewsletterContext,
} from './subscribers';

const UNKNOWN_LINK = 'This newsletter link is not valid. Please use the link from our latest e-mail.';
const HashParams = z.object({ emailHash: EmailHashSchema });

declare module 'fastify' {
  interface FastifyRequest {
    newsletterLocale?: Locale;
  }
}

export function registerNewsletterRoutes(
  server: FastifyInstance,
  { db, accounts, signer }: { readonly db: Database; readonly accounts: AccountServices; readonly signer: NewsletterSigner },
): void {
  const rules = { ...RATE_LIMITS, ...accounts.rateLimits };
  const ctx = (): NewsletterContext => ({ db, signer, now: clockOf(accounts) });

  void server.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // Mail clients post the one-click unsubscribe as a form (RFC 8058 §3.1): urlencoded, or
    // multipart/form-data (what the large mail providers send). A few short text fields, no files.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fields: 4, fieldNameSize: 64, fieldSize: 256, files: 0, parts: 4 },
    });

    /** The shop of the request, or 404 where it has no newsletter (Austria): before anything else. */
    scope.addHook('onRequest', async (request) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      if (!countryConfig(locale).features.hasNewsletter) throw notFound('This shop has no newsletter.');
      request.newsletterLocale = locale;
    });
    const localeOf = (request: FastifyRequest): Locale => request.newsletterLocale!;

    const limit =
      (name: RateLimitName): preValidationAsyncHookHandler =>
      async (request) => {
        const rule = rules[name];
        const result = await accounts.limiter.hit(`${name}:${request.ip}`, rule.limit, rule.windowSeconds);
        if (result.allowed) return;
        request.log.warn({ newsletterEvent: 'rate_limited', limit: name }, 'newsletter: rate limited');
        throw tooManyRequests(result.retryAfterSeconds, 'Too many requests. Please wait a moment and try again.');
      };

    /** At most a few confirmation mails per address and hour (no mail flooding); the answer stays the same. */
    async function mailAllowed(email: string): Promise<boolean> {
      const rule = rules.newsletterMail;
      return (await accounts.limiter.hit(`newsletterMail:${usernameHash(email)}`, rule.limit, rule.windowSeconds)).allowed;
    }

    app.post(
      '/api/newsletter/subscribe',
      {
        ...NO_STORE,
        preValidation: [limit('newsletterSignUp')],
        schema: { body: SubscribeRequestSchema },
        config: { invalidBody: 'Please enter a valid e-mail address.' },
      },
      async (request, reply) => {
        const locale = localeOf(request);
        const { email, source } = request.body;
        if (await mailAllowed(email)) {
          const outcome = await signUp(ctx(), { locale, email, source });
          request.log.info({ newsletterEvent: 'sign_up', outcome: outcome.kind, source, locale }, 'newsletter: sign-up');
          if (outcome.kind === 'confirm') {
            sendNewsletterMail(accounts, request.log, {
              brand: brandOf(resolveShop(request.hostname, request.headers.cookie).mode),
              mail: { kind: 'confirm', token: outcome.token },
              locale,
              to: { email, emailHash: outcome.subscriber.emailHash },
            });
          }
        }
        // The same answer for new, pending, subscribed and over-the-limit addresses.
        return reply.status(202).send({ status: 'accepted' });
      },
    );

    app.post(
      '/api/newsletter/confirm',
      {
        ...NO_STORE,
        preValidation: [limit('newsletterLink')],
        schema: { body: ConfirmRequestSchema },
        config: { invalidBody: UNKNOWN_LINK },
      },
      async (request, reply) => {
        const locale = localeOf(request);
        const outcome = await confirm(ctx(), { locale, ...request.body });
        if (outcome.kind === 'invalid')
          throw new HttpError(400, 'Invalid Token', 'This confirmation link is invalid or expired. Please sign up again.');
        if (outcome.first) {
          request.log.info({ newsletterEvent: 'confirmed', locale }, 'newsletter: confirmed');
          sendNewsletterMail(accounts, request.log, {
            brand: brandOf(resolveShop(request.hostname, request.headers.cookie).mode),
            mail: { kind: 'welcome' },
            locale,
            to: { email: outcome.subscriber.email, emailHash: outcome.subscriber.emailHash },
          });
        }
        return reply.send(profileOf(outcome.subscriber));
      },
    );

    app.get(
      '/api/newsletter/profile/:emailHash',
      { ...NO_STORE, preValidation: [limit('newsletterLink')], schema: { params: HashParams } },
      async (request, reply) => {
        const subscriber = await findByHash(db, localeOf(request), request.params.emailHash);
        if (!subscriber || subscriber.status !== 'subscribed') throw notFound(UNKNOWN_LINK);
        return reply.send(profileOf(subscriber));
      },
    );

    app.put(
      '/api/newsletter/profile/:emailHash',
      {
        ...NO_STORE,
        preValidation: [limit('newsletterLink')],
        schema: { params: HashParams, body: ProfileSchema },
        config: { invalidBody: 'Please check your first name and interests.' },
      },
      async (request, reply) => {
        const updated = await updateProfile(ctx(), {
          locale: localeOf(request),
          emailHash: request.params.emailHash,
          profile: request.body,
        });
        if (!updated) throw notFound(UNKNOWN_LINK);
        return reply.send(profileOf(updated));
      },
    );

    app.post(
      '/api/newsletter/unsubscribe/:emailHash',
      { ...NO_STORE, preValidation: [limit('newsletterLink')], schema: { params: HashParams } },
      async (request, reply) => {
        const body = request.body as Record<string, unknown> | undefined;
        const oneClick = body?.['List-Unsubscribe'] === 'One-Click';
        const locale = localeOf(request);
        const done = await unsubscribe(ctx(), { locale, emailHash: request.params.emailHash, via: oneClick ? 'one-click' : 'mail link' });
        if (!done) throw notFound(UNKNOWN_LINK);
        request.log.info({ newsletterEvent: 'unsubscribed', locale, oneClick }, 'newsletter: unsubscribed');
        return reply.send({ status: 'unsubscribed' });
      },
    );

    // The logged-in customer's subscription (account overview).
    const accountEmail = async (request: FastifyRequest): Promise<string> => {
      const subject = await requireCustomer(accounts.tokens, request, clockOf(accounts));
      const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, subject.customerId));
      if (!customer) throw notFound('This account does not exist any more.');
      return customer.email;
    };

    app.get('/api/newsletter/subscription', NO_STORE, async (request, reply) => {
      const email = await accountEmail(request);
      return reply.send(await accountSubscription(db, localeOf(request), email));
    });

    app.put(
      '/api/newsletter/subscription',
      { ...NO_STORE, schema: { body: SubscriptionRequestSchema }, config: { invalidBody: 'subscribed must be true or false.' } },
      async (request, reply) => {
        const email = await accountEmail(request);
        const locale = localeOf(request);
        const before = await accountSubscription(db, locale, email);
        await setAccountSubscription(ctx(), { locale, email, subscribed: request.body.subscribed });
        const after = await accountSubscription(db, locale, email);
        if (before.status !== 'subscribed' && after.status === 'subscribed' && after.emailHash) {
          sendNewsletterMail(accounts, request.log, {
            brand: brandOf(resolveShop(request.hostname, request.headers.cookie).mode),
            mail: { kind: 'welcome' },
            locale,
            to: { email, emailHash: after.emailHash },
          });
        }
        return reply.send(after);
      },
    );
  });
}
