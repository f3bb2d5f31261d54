// The account API (spec §7 "Account"; docs/decisions/010-account-security.md): login, refresh with
// rotation, logout, password change, registration with activation, forgotten password, deletion.
// Every answer is no-store; bodies are checked with the shared contract (400 with `fields`). Answers
// that could tell whether an e-mail is registered are the same either way (login 401, register and
// forgot-password 202). Per-IP limits answer 429 with Retry-After.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { resolveShop } from '../../src/config/hosts';
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
  RegistrationSchema,
  RESET_TOKEN_HEADER,
  ResetPasswordRequestSchema,
} from '../../src/contracts/account';
import { requireCustomer } from '../accounts/access-tokens';
import { authEvent, usernameHash } from '../accounts/audit';
import { login, passwordCostOf } from '../accounts/authentication';
import { withoutParameters } from '../db/errors';
import { deleteAccount } from '../accounts/deletion';
import { sendAccountMail } from '../accounts/mail';
import { dummyHash } from '../accounts/password-hash';
import { passwordProblem } from '../accounts/password-policy';
import { changePassword, requestPasswordReset, resetPassword } from '../accounts/passwords';
import { RATE_LIMITS, type RateLimitName } from '../accounts/rate-limit';
import { activateByIdentifier, activateRegistration, register, registrationPassword } from '../accounts/registration';
import { clockOf, type AccountServices } from '../accounts/services';
import { endSession, refreshSession } from '../accounts/sessions';
import type { Database } from '../db/client';
import { sendBadRequest, sendError, zodFields } from '../http/errors';
import { NO_STORE } from '../http/no-store';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Driver errors of account writes carry hashes and IBANs in their parameters: they never reach the log. */
const guarded =
  (what: string, handler: Handler): Handler =>
  async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      throw withoutParameters(error, what);
    }
  };

/** A header sent once; undefined when absent or empty, null when sent more than once. */
function header(request: FastifyRequest, name: string): string | undefined | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return null;
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function sendTooMany(reply: FastifyReply, retryAfterSeconds: number, message: string) {
  reply.header('Retry-After', String(retryAfterSeconds));
  return sendError(reply, 429, 'Too Many Requests', message, { retryAfterSeconds });
}

const INVALID_LOGIN = 'The e-mail address or the password is not correct.';
const LOCKED = 'Too many failed attempts for this account. Please wait and try again.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

export function registerAccountRoutes(app: FastifyInstance, db: Database, accounts: AccountServices): void {
  const rules = { ...RATE_LIMITS, ...accounts.rateLimits };
  const registrationSchemas = new Map<Locale, ReturnType<typeof RegistrationSchema>>();
  const registrationSchema = (locale: Locale) => registrationSchemas.get(locale) ?? registrationSchemas.set(locale, RegistrationSchema(locale)).get(locale)!;
  // The first login of an unknown e-mail must not pay for making the dummy hash.
  void dummyHash(passwordCostOf(accounts)).catch(() => undefined);

  /** Counts one call of `key` (the client IP unless given); true when the 429 answer was sent. */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, name: RateLimitName, key = request.ip): Promise<boolean> {
    const rule = rules[name];
    const result = await accounts.limiter.hit(`${name}:${key}`, rule.limit, rule.windowSeconds);
    if (result.allowed) return false;
    authEvent(request.log, 'rate_limited', { limit: name });
    sendTooMany(reply, result.retryAfterSeconds, 'Too many requests. Please wait a moment and try again.');
    return true;
  }

  /** At most a few account mails per address and hour (no mail flooding); the answer stays the same. */
  async function mailAllowed(request: FastifyRequest, email: string): Promise<boolean> {
    const rule = rules.accountMail;
    const result = await accounts.limiter.hit(`accountMail:${usernameHash(email)}`, rule.limit, rule.windowSeconds);
    if (!result.allowed) authEvent(request.log, 'rate_limited', { limit: 'accountMail', username: email });
    return result.allowed;
  }

  function parse<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply, message: string): z.infer<S> | undefined {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    sendBadRequest(reply, message, zodFields(parsed.error));
    return undefined;
  }

  app.post(
    '/api/account/login',
    NO_STORE,
    guarded('Login', async (request, reply) => {
      if (await overLimit(request, reply, 'login')) return reply;
      const body = parse(LoginRequestSchema, request.body, reply, 'Please enter your e-mail address and password.');
      if (!body) return reply;
      const outcome = await login(db, accounts, body);
      switch (outcome.kind) {
        case 'ok':
          authEvent(request.log, 'login_succeeded', { customerId: outcome.customerId, rememberMe: body.rememberMe === true });
          return reply.send(outcome.answer);
        case 'invalid':
          authEvent(request.log, 'login_failed', { username: body.username });
          return sendError(reply, 401, 'Unauthorized', INVALID_LOGIN);
        case 'locked':
          authEvent(request.log, 'login_locked', { username: body.username, retryAfterSeconds: outcome.retryAfterSeconds });
          return sendTooMany(reply, outcome.retryAfterSeconds, LOCKED);
        case 'notActivated':
          authEvent(request.log, 'login_not_activated', { customerId: outcome.customerId });
          return sendError(reply, 403, 'Not Activated', 'Please activate your account first with the link in the e-mail we sent you.');
      }
    }),
  );

  app.post(
    '/api/account/loginRefresh',
    NO_STORE,
    guarded('Refresh', async (request, reply) => {
      if (await overLimit(request, reply, 'loginRefresh')) return reply;
      const token = header(request, REFRESH_TOKEN_HEADER);
      if (token === undefined) return sendError(reply, 400, 'Missing Token', `The refresh token is missing (header ${REFRESH_TOKEN_HEADER}).`);
      const outcome = await refreshSession(db, accounts.tokens, token, clockOf(accounts));
      if (outcome.kind === 'rotated') return reply.send(outcome.answer);
      authEvent(request.log, outcome.kind === 'reused' ? 'refresh_reuse_detected' : 'refresh_failed', outcome.kind === 'reused' ? { customerId: outcome.customerId } : {});
      return sendError(reply, 401, 'Unauthorized', SESSION_ENDED);
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
    NO_STORE,
    guarded('Password change', async (request, reply) => {
      const subject = await requireCustomer(accounts.tokens, request, reply, clockOf(accounts));
      if (!subject) return reply;
      const body = parse(ChangePasswordRequestSchema, request.body, reply, 'The password change is not complete or not valid.');
      if (!body) return reply;
      const outcome = await changePassword(db, accounts, subject, body);
      switch (outcome.kind) {
        case 'changed':
          authEvent(request.log, 'password_changed', { customerId: outcome.customer.id, via: 'change' });
          sendAccountMail(accounts, request.log, { mail: { kind: 'passwordChanged' }, locale: outcome.customer.locale, to: outcome.customer, customerId: outcome.customer.id });
          return reply.send({ success: true });
        case 'forbidden':
          return sendError(reply, 403, 'Forbidden', 'You can only change the password of your own account (userId and email must be yours).');
        case 'gone':
          return sendError(reply, 404, 'Not Found', 'This account does not exist any more.');
        case 'refused':
          return sendBadRequest(reply, outcome.message, [{ path: 'password', message: outcome.message }]);
        case 'wrongCurrent': {
          authEvent(request.log, 'password_change_failed', { customerId: subject.customerId });
          const message = 'The current password is not correct.';
          return sendBadRequest(reply, message, [{ path: 'currentPassword', message }]);
        }
        case 'locked':
          authEvent(request.log, 'login_locked', { customerId: subject.customerId, retryAfterSeconds: outcome.retryAfterSeconds });
          return sendTooMany(reply, outcome.retryAfterSeconds, LOCKED);
      }
    }),
  );

  app.post(
    '/api/account/register',
    NO_STORE,
    guarded('Registration', async (request, reply) => {
      if (await overLimit(request, reply, 'register')) return reply;
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      const registration = parse(registrationSchema(locale), request.body, reply, 'The registration is not complete or not valid.');
      if (!registration) return reply;
      const problem = passwordProblem(registrationPassword(registration), registration.email);
      if (problem) return sendBadRequest(reply, problem, [{ path: 'credentials.0.value', message: problem }]);

      if (await mailAllowed(request, registration.email)) {
        const outcome = await register(db, accounts, registration);
        if (outcome.kind === 'pending') {
          const { customer } = outcome;
          authEvent(request.log, 'registered', { customerId: customer.id, replacedPending: outcome.replaced });
          sendAccountMail(accounts, request.log, { mail: { kind: 'activation', token: outcome.token }, locale: customer.locale, to: customer, customerId: customer.id });
        } else if (outcome.kind === 'exists') {
          const { customer } = outcome;
          authEvent(request.log, 'registration_repeated', { customerId: customer.id });
          sendAccountMail(accounts, request.log, { mail: { kind: 'alreadyRegistered' }, locale: registration.attributes.locale[0], to: customer, customerId: customer.id });
        }
      }
      return reply.status(202).send({ status: 'accepted' });
    }),
  );

  app.post(
    '/api/account/activateRegistration',
    NO_STORE,
    guarded('Activation', async (request, reply) => {
      if (await overLimit(request, reply, 'activation')) return reply;
      const token = header(request, ACTIVATION_TOKEN_HEADER);
      if (token === undefined) return sendError(reply, 400, 'Missing Token', 'missing token');
      // Unknown, used, expired and malformed tokens all read "not activated" (spec §8).
      const activation = await activateRegistration(db, accounts, token);
      return reply.send(activation ? { activated: true, token: activation.identifier } : { activated: false });
    }),
  );

  app.get(
    '/api/activateCustomerByIdentifier',
    NO_STORE,
    guarded('Activation', async (request, reply) => {
      if (await overLimit(request, reply, 'activation')) return reply;
      const identifier = header(request, IDENTIFIER_HEADER);
      if (identifier === undefined) return sendError(reply, 400, 'Missing Identifier', `The activation identifier is missing (header ${IDENTIFIER_HEADER}).`);
      const activated = await activateByIdentifier(db, accounts, identifier);
      if (!activated) {
        return sendError(reply, 404, 'Not Found', 'This activation identifier is unknown, used or expired. Open the activation link from the e-mail again, or log in if your account is active.');
      }
      authEvent(request.log, 'activated', { customerId: activated.customerId });
      return reply.send({ activated: true, customerNumber: activated.customerNumber });
    }),
  );

  app.post(
    '/api/account/forgotPasswordMail',
    NO_STORE,
    guarded('Password reset request', async (request, reply) => {
      if (await overLimit(request, reply, 'forgotPassword')) return reply;
      const body = parse(ForgotPasswordRequestSchema, request.body, reply, 'Please enter your e-mail address.');
      if (!body) return reply;
      if (await mailAllowed(request, body.email)) {
        const reset = await requestPasswordReset(db, accounts, body.email);
        if (reset) {
          authEvent(request.log, 'reset_requested', { customerId: reset.customer.id });
          sendAccountMail(accounts, request.log, { mail: { kind: 'passwordReset', token: reset.token }, locale: body.lang, to: reset.customer, customerId: reset.customer.id });
        } else {
          authEvent(request.log, 'reset_requested', { username: body.email, account: false });
        }
      }
      return reply.status(202).send({ status: 'accepted' });
    }),
  );

  app.post(
    '/api/account/resetPassword',
    NO_STORE,
    guarded('Password reset', async (request, reply) => {
      if (await overLimit(request, reply, 'resetPassword')) return reply;
      const token = header(request, RESET_TOKEN_HEADER);
      if (token === undefined) return sendError(reply, 400, 'Missing Token', 'missing token');
      const body = parse(ResetPasswordRequestSchema, request.body, reply, 'Please choose a new password.');
      if (!body) return reply;
      const outcome = await resetPassword(db, accounts, token ?? '', body.password);
      switch (outcome.kind) {
        case 'reset':
          authEvent(request.log, 'password_changed', { customerId: outcome.customer.id, via: 'reset' });
          sendAccountMail(accounts, request.log, { mail: { kind: 'passwordChanged' }, locale: outcome.customer.locale, to: outcome.customer, customerId: outcome.customer.id });
          return reply.send({ success: true });
        case 'refused':
          return sendBadRequest(reply, outcome.message, [{ path: 'password', message: outcome.message }]);
        case 'invalidToken':
          return sendError(reply, 400, 'Invalid Token', 'This password reset link is invalid, used or expired. Please request a new one.');
      }
    }),
  );

  app.delete(
    '/api/account/deleteUser',
    NO_STORE,
    guarded('Account deletion', async (request, reply) => {
      const subject = await requireCustomer(accounts.tokens, request, reply, clockOf(accounts));
      if (!subject) return reply;
      const body = parse(DeleteAccountRequestSchema, request.body, reply, 'customerId and customerIdentifier are required.');
      if (!body) return reply;
      const outcome = await deleteAccount(db, subject, body);
      switch (outcome.kind) {
        case 'deleted':
          authEvent(request.log, 'deleted', { customerId: subject.customerId });
          return reply.send({ success: true });
        case 'notFound':
          return sendError(reply, 404, 'Not Found', 'No account with this customerId and customerIdentifier belongs to you.');
        case 'dataNotDeleted':
          return sendError(reply, 409, 'Conflict', 'Delete the customer data first (DELETE /api/customers/customers), then the account.');
      }
    }),
  );
}
