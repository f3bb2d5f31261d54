// The account API (product §7 "Account"; docs/decisions/010-account-security.md): login, refresh with
// rotation, logout, password change, registration with activation, forgotten password, deletion,
// and the mailed sign-in link of a throttled account (decision 077).
// Every answer is no-store; bodies are checked with the shared contract (route schemas, 400 with
// `fields`) after the rate limit, the caller's token and the token headers. Answers
// that could tell whether an e-mail is registered are the same either way (login 401, register and
// forgot-password 202). Per-IP limits answer 429 with Retry-After.

import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { brandOf } from '../../src/config/brands';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { readCookie, resolveShop } from '../../src/config/hosts';
import { DEVICE_COOKIE, deviceCookieHeader } from './device-cookies';
import type { Locale } from '../../src/config/locales';
import {
  ACCESS_TOKEN_HEADER,
  ACTIVATION_TOKEN_HEADER,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  ForgotPasswordRequestSchema,
  IDENTIFIER_HEADER,
  LoginRequestSchema,
  REFRESH_TOKEN_HEADER,
  RegisterFromTradeRequestSchema,
  RegistrationSchema,
  RESET_TOKEN_HEADER,
  ResetPasswordRequestSchema,
  SIGN_IN_TOKEN_HEADER,
  SignInLinkRequestSchema,
  SignInWithLinkRequestSchema,
  TRADE_TOKEN_HEADER,
  type Registration,
} from '../../src/contracts/account';
import { requireCustomer, type AccessSubject } from './access-tokens';
import { authEvent, usernameHash } from './audit';
import { login, passwordCostOf } from './authentication';
import { withoutParameters } from '../db/errors';
import { deleteAccount } from './deletion';
import { sendAccountMail } from './mail';
import { dummyHash } from './password-hash';
import { passwordProblem } from './password-policy';
import { changePassword, requestPasswordReset, resetPassword } from './passwords';
import {
  activateByIdentifier,
  activateRegistration,
  register,
  registrationOfTrade,
  registrationPassword,
  type GuestTradeLookup,
} from './registration';
import { clockOf, type AccountServices } from './services';
import { endSession, refreshSession } from './sessions';
import { requestSignInLink, signInWithLink } from './sign-in-links';
import type { Database } from '../db/client';
import { badRequest, conflict, HttpError, notFound, parseOr400, tooManyRequests } from '../http/errors';
import { rateLimits } from '../http/rate-limits';
import { NO_STORE } from '../http/no-store';

/**
 * Driver errors of account writes carry hashes and IBANs in their parameters: they never reach the
 * log. HttpErrors are answers and pass unchanged.
 */
const guarded =
  <Request extends FastifyRequest>(what: string, handler: (request: Request, reply: FastifyReply) => Promise<unknown>) =>
  async (request: Request, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw withoutParameters(error, what);
    }
  };

/** A header sent once; undefined when absent or empty, null when sent more than once. */
function header(request: FastifyRequest, name: string): string | undefined | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return null;
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** A 400 before the body is looked at when a token header is absent. */
const requireHeader =
  (name: string, error: string, message: string): preValidationAsyncHookHandler =>
  async (request) => {
    if (header(request, name) === undefined) throw new HttpError(400, error, message);
  };

const INVALID_LOGIN = 'The e-mail address or the password is not correct.';
const LOCKED = 'Too many failed attempts for this account. Please wait and try again.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** The brand of the shop the request came from (agan's hosts mail as agan, decision 033). */
const brandOfRequest = (request: FastifyRequest) => brandOf(resolveShop(request.hostname, request.headers.cookie).mode);

export function registerAccountRoutes(
  server: FastifyInstance,
  { db, accounts, guestTrades }: { readonly db: Database; readonly accounts: AccountServices; readonly guestTrades?: GuestTradeLookup },
): void {
  /**
   * Register and forgot-password answer the same 202 for known and unknown addresses, so their work
   * (lookup, password hash, mail) runs after the answer when the runtime provides a place for it:
   * the time of the answer tells nothing either (issue 16 part 3).
   */
  const afterAnswer = (request: FastifyRequest, what: string, work: () => Promise<void>): Promise<void> | void => {
    const failed = (error: unknown) => request.log.error({ err: error }, `${what} failed after the answer`);
    if (!accounts.afterAnswer) return work();
    accounts.afterAnswer.run(work, failed);
  };
  const app = server.withTypeProvider<ZodTypeProvider>();
  const registrationSchemas = new Map<Locale, ReturnType<typeof RegistrationSchema>>();
  const registrationSchema = (locale: Locale) =>
    registrationSchemas.get(locale) ?? registrationSchemas.set(locale, RegistrationSchema(locale)).get(locale)!;
  // The first login of an unknown e-mail must not pay for making the dummy hash.
  void dummyHash(passwordCostOf(accounts)).catch(() => undefined);

  const limits = rateLimits(accounts, { onLimited: (request, name) => authEvent(request.log, 'rate_limited', { limit: name }) });
  /** Counts one call of the client IP against `name`; over the limit a 429 before anything else is checked. */
  const limit = limits.perIp;

  /** The caller of a call that needs a valid access token (401 before the body is checked). */
  const callers = new WeakMap<FastifyRequest, AccessSubject>();
  const authenticate: preValidationAsyncHookHandler = async (request) => {
    callers.set(request, await requireCustomer(accounts.tokens, request, clockOf(accounts)));
  };
  const callerOf = (request: FastifyRequest) => callers.get(request)!;

  /** At most a few account mails per address and hour (no mail flooding); the answer stays the same. */
  async function mailAllowed(request: FastifyRequest, email: string): Promise<boolean> {
    const allowed = await limits.allows('accountMail', usernameHash(email));
    if (!allowed) authEvent(request.log, 'rate_limited', { limit: 'accountMail', username: email });
    return allowed;
  }

  /** Route options: no-store, the checks before the body, and the body schema with its 400 message. */
  const withBody = <S extends z.core.$ZodType>(schema: S, invalidBody: string, preValidation: preValidationAsyncHookHandler[] = []) => ({
    ...NO_STORE,
    preValidation,
    schema: { body: schema },
    config: { invalidBody },
  });
  const before = (...preValidation: preValidationAsyncHookHandler[]) => ({ ...NO_STORE, preValidation });

  app.post(
    '/api/account/login',
    withBody(LoginRequestSchema, 'Please enter your e-mail address and password.', [limit('login')]),
    guarded('Login', async (request, reply) => {
      const { body } = request;
      const outcome = await login(db, accounts, body, readCookie(request.headers.cookie, DEVICE_COOKIE));
      switch (outcome.kind) {
        case 'ok':
          authEvent(request.log, 'login_succeeded', { customerId: outcome.customerId, rememberMe: body.rememberMe === true });
          reply.header('Set-Cookie', deviceCookieHeader(outcome.deviceCookie, request.protocol === 'https'));
          return reply.send(outcome.answer);
        case 'invalid':
          authEvent(request.log, 'login_failed', { username: body.username });
          throw new HttpError(401, 'Unauthorized', INVALID_LOGIN);
        case 'locked':
          authEvent(request.log, 'login_locked', { username: body.username, retryAfterSeconds: outcome.retryAfterSeconds });
          throw tooManyRequests(outcome.retryAfterSeconds, LOCKED);
        case 'notActivated':
          authEvent(request.log, 'login_not_activated', { customerId: outcome.customerId });
          throw new HttpError(403, 'Not Activated', 'Please activate your account first with the link in the e-mail we sent you.');
      }
    }),
  );

  app.post(
    '/api/account/loginRefresh',
    before(limit('loginRefresh')),
    guarded('Refresh', async (request, reply) => {
      const token = header(request, REFRESH_TOKEN_HEADER);
      if (token === undefined) throw new HttpError(400, 'Missing Token', `The refresh token is missing (header ${REFRESH_TOKEN_HEADER}).`);
      const outcome = await refreshSession(db, accounts.tokens, token, clockOf(accounts));
      if (outcome.kind === 'rotated') return reply.send(outcome.answer);
      authEvent(
        request.log,
        outcome.kind === 'reused' ? 'refresh_reuse_detected' : 'refresh_failed',
        outcome.kind === 'reused' ? { customerId: outcome.customerId } : {},
      );
      throw new HttpError(401, 'Unauthorized', SESSION_ENDED);
    }),
  );

  app.post(
    '/api/account/logout',
    NO_STORE,
    guarded('Logout', async (request, reply) => {
      const now = clockOf(accounts);
      const access = header(request, ACCESS_TOKEN_HEADER);
      const subject = access ? await accounts.tokens.verify(access, now) : null;
      const revoked = await endSession(db, header(request, REFRESH_TOKEN_HEADER), now, subject?.customerId);
      const customerId = revoked ?? subject?.customerId;
      authEvent(request.log, 'logout', { ...(customerId && { customerId }), sessionRevoked: revoked !== undefined });
      // Always a success: the client ends its session whatever the server still knew of it.
      return reply.send({ success: true });
    }),
  );

  app.post(
    '/api/account/changePassword',
    withBody(ChangePasswordRequestSchema, 'The password change is not complete or not valid.', [authenticate]),
    guarded('Password change', async (request, reply) => {
      const subject = callerOf(request);
      const outcome = await changePassword(db, accounts, subject, request.body);
      switch (outcome.kind) {
        case 'changed':
          authEvent(request.log, 'password_changed', { customerId: outcome.customer.id, via: 'change' });
          sendAccountMail(accounts, request.log, {
            brand: brandOfRequest(request),
            mail: { kind: 'passwordChanged' },
            locale: outcome.customer.locale,
            to: outcome.customer,
            customerId: outcome.customer.id,
          });
          return reply.send({ success: true });
        case 'forbidden':
          throw new HttpError(403, 'Forbidden', 'You can only change the password of your own account (userId and email must be yours).');
        case 'gone':
          throw notFound('This account does not exist any more.');
        case 'refused':
          throw badRequest(outcome.message, [{ path: 'password', code: 'passwordWeak', message: outcome.message }]);
        case 'wrongCurrent': {
          authEvent(request.log, 'password_change_failed', { customerId: subject.customerId });
          const message = 'The current password is not correct.';
          throw badRequest(message, [{ path: 'currentPassword', code: 'passwordWrong', message }]);
        }
        case 'locked':
          authEvent(request.log, 'login_locked', { customerId: subject.customerId, retryAfterSeconds: outcome.retryAfterSeconds });
          throw tooManyRequests(outcome.retryAfterSeconds, LOCKED);
      }
    }),
  );

  /**
   * Registers (after the answer where the runtime allows) and mails the activation link, or the
   * already-registered note for an active e-mail; the caller answers 202 either way. A weak password
   * is refused first, under `passwordPath`.
   */
  async function startRegistration(request: FastifyRequest, registration: Registration, passwordPath: string): Promise<void> {
    const problem = passwordProblem(registrationPassword(registration), registration.email);
    if (problem) throw badRequest(problem, [{ path: passwordPath, code: 'passwordWeak', message: problem }]);
    if (!(await mailAllowed(request, registration.email))) return;
    await afterAnswer(request, 'Registration', async () => {
      const outcome = await register(db, accounts, registration);
      if (outcome.kind === 'pending') {
        const { customer } = outcome;
        authEvent(request.log, 'registered', { customerId: customer.id, replacedPending: outcome.replaced });
        sendAccountMail(accounts, request.log, {
          brand: brandOfRequest(request),
          mail: { kind: 'activation', token: outcome.token },
          locale: customer.locale,
          to: customer,
          customerId: customer.id,
        });
      } else if (outcome.kind === 'exists') {
        const { customer } = outcome;
        authEvent(request.log, 'registration_repeated', { customerId: customer.id });
        sendAccountMail(accounts, request.log, {
          brand: brandOfRequest(request),
          mail: { kind: 'alreadyRegistered' },
          locale: registration.attributes.locale[0],
          to: customer,
          customerId: customer.id,
        });
      }
    });
  }

  app.post(
    '/api/account/register',
    before(limit('register')),
    guarded('Registration', async (request, reply) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      // The postal-code rule depends on the shop, so this body is checked here rather than by a route schema.
      const registration = parseOr400(registrationSchema(locale), request.body, 'The registration is not complete or not valid.');
      await startRegistration(request, registration, 'credentials.0.value');
      return reply.status(202).send({ status: 'accepted' });
    }),
  );

  app.post(
    '/api/account/registerFromTrade',
    withBody(RegisterFromTradeRequestSchema, 'Please choose a password and accept the privacy notice.', [
      limit('register'),
      requireHeader(TRADE_TOKEN_HEADER, 'Missing Token', `The link token of your sale is missing (header ${TRADE_TOKEN_HEADER}).`),
    ]),
    guarded('Registration from a trade', async (request, reply) => {
      const token = header(request, TRADE_TOKEN_HEADER);
      const details = guestTrades && token ? await guestTrades(request.body.tradeNumber, token) : 'invalid';
      if (details === 'invalid') throw new HttpError(400, 'Invalid Token', 'This link to your sale is not valid (any more).');
      if (details === 'claimed') throw conflict('This sale already belongs to a customer account: log in to see it.');
      await startRegistration(request, registrationOfTrade(details, request.body.password), 'password');
      return reply.status(202).send({ status: 'accepted' });
    }),
  );

  app.post(
    '/api/account/activateRegistration',
    before(limit('activation')),
    guarded('Activation', async (request, reply) => {
      const token = header(request, ACTIVATION_TOKEN_HEADER);
      if (token === undefined) throw new HttpError(400, 'Missing Token', 'missing token');
      // Unknown, used, expired and malformed tokens all read "not activated" (product §8).
      const activation = await activateRegistration(db, accounts, token);
      return reply.send(activation ? { activated: true, token: activation.identifier } : { activated: false });
    }),
  );

  app.get(
    '/api/activateCustomerByIdentifier',
    before(limit('activation')),
    guarded('Activation', async (request, reply) => {
      const identifier = header(request, IDENTIFIER_HEADER);
      if (identifier === undefined)
        throw new HttpError(400, 'Missing Identifier', `The activation identifier is missing (header ${IDENTIFIER_HEADER}).`);
      const activated = await activateByIdentifier(db, accounts, identifier);
      if (!activated) {
        throw notFound(
          'This activation identifier is unknown, used or expired. Open the activation link from the e-mail again, or log in if your account is active.',
        );
      }
      authEvent(request.log, 'activated', { customerId: activated.customerId });
      return reply.send({ activated: true, customerNumber: activated.customerNumber });
    }),
  );

  app.post(
    '/api/account/forgotPasswordMail',
    withBody(ForgotPasswordRequestSchema, 'Please enter your e-mail address.', [limit('forgotPassword')]),
    guarded('Password reset request', async (request, reply) => {
      const { body } = request;
      if (await mailAllowed(request, body.email)) {
        await afterAnswer(request, 'Password reset request', async () => {
          const reset = await requestPasswordReset(db, accounts, body.email);
          if (reset) {
            authEvent(request.log, 'reset_requested', { customerId: reset.customer.id });
            sendAccountMail(accounts, request.log, {
              brand: brandOfRequest(request),
              mail: { kind: 'passwordReset', token: reset.token },
              locale: body.lang,
              to: reset.customer,
              customerId: reset.customer.id,
            });
          } else {
            authEvent(request.log, 'reset_requested', { username: body.email, account: false });
          }
        });
      }
      return reply.status(202).send({ status: 'accepted' });
    }),
  );

  app.post(
    '/api/account/signInLinkMail',
    withBody(SignInLinkRequestSchema, 'Please enter your e-mail address.', [limit('signInLink')]),
    guarded('Sign-in link request', async (request, reply) => {
      const { body } = request;
      if (await mailAllowed(request, body.email)) {
        await afterAnswer(request, 'Sign-in link request', async () => {
          const link = await requestSignInLink(db, accounts, body.email);
          if (link) {
            authEvent(request.log, 'sign_in_link_requested', { customerId: link.customer.id });
            sendAccountMail(accounts, request.log, {
              brand: brandOfRequest(request),
              mail: { kind: 'signInLink', token: link.token },
              locale: body.lang,
              to: link.customer,
              customerId: link.customer.id,
            });
          } else {
            authEvent(request.log, 'sign_in_link_requested', { username: body.email, account: false });
          }
        });
      }
      return reply.status(202).send({ status: 'accepted' });
    }),
  );

  app.post(
    '/api/account/signInWithLink',
    withBody(SignInWithLinkRequestSchema, 'The body may only say whether to stay logged in (rememberMe).', [
      limit('signInLink'),
      requireHeader(SIGN_IN_TOKEN_HEADER, 'Missing Token', `The sign-in token is missing (header ${SIGN_IN_TOKEN_HEADER}).`),
    ]),
    guarded('Sign-in with a link', async (request, reply) => {
      const rememberMe = request.body.rememberMe === true;
      const token = header(request, SIGN_IN_TOKEN_HEADER) ?? '';
      const outcome = await signInWithLink(db, accounts, token, rememberMe, readCookie(request.headers.cookie, DEVICE_COOKIE));
      if (outcome.kind === 'invalidToken') {
        authEvent(request.log, 'sign_in_link_failed', {});
        throw new HttpError(
          400,
          'Invalid Token',
          'This sign-in link is invalid, used or expired. Please ask for a new one on the log-in form.',
        );
      }
      authEvent(request.log, 'login_succeeded', { customerId: outcome.customerId, rememberMe, via: 'link' });
      reply.header('Set-Cookie', deviceCookieHeader(outcome.deviceCookie, request.protocol === 'https'));
      return reply.send(outcome.answer);
    }),
  );

  app.post(
    '/api/account/resetPassword',
    withBody(ResetPasswordRequestSchema, 'Please choose a new password.', [
      limit('resetPassword'),
      requireHeader(RESET_TOKEN_HEADER, 'Missing Token', 'missing token'),
    ]),
    guarded('Password reset', async (request, reply) => {
      // Sent more than once, the token cannot be chosen: it reads as invalid.
      const outcome = await resetPassword(db, accounts, header(request, RESET_TOKEN_HEADER) ?? '', request.body.password);
      switch (outcome.kind) {
        case 'reset':
          authEvent(request.log, 'password_changed', { customerId: outcome.customer.id, via: 'reset' });
          sendAccountMail(accounts, request.log, {
            brand: brandOfRequest(request),
            mail: { kind: 'passwordChanged' },
            locale: outcome.customer.locale,
            to: outcome.customer,
            customerId: outcome.customer.id,
          });
          return reply.send({ success: true });
        case 'refused':
          throw badRequest(outcome.message, [{ path: 'password', code: 'passwordWeak', message: outcome.message }]);
        case 'invalidToken':
          throw new HttpError(400, 'Invalid Token', 'This password reset link is invalid, used or expired. Please request a new one.');
      }
    }),
  );

  app.delete(
    '/api/account/deleteUser',
    withBody(DeleteAccountRequestSchema, 'customerId and customerIdentifier are required.', [authenticate]),
    guarded('Account deletion', async (request, reply) => {
      const subject = callerOf(request);
      const outcome = await deleteAccount(db, subject, request.body);
      switch (outcome.kind) {
        case 'deleted':
          authEvent(request.log, 'deleted', { customerId: subject.customerId });
          return reply.send({ success: true });
        case 'notFound':
          throw notFound('No account with this customerId and customerIdentifier belongs to you.');
        case 'dataNotDeleted':
          throw conflict('Delete the customer data first (DELETE /api/customers/customers), then the account.');
      }
    }),
  );
}
