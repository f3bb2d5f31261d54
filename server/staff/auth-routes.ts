// Signing in to the back office (decision 071): the password (POST /api/staff/session) starts a
// half-way session and answers either "enter your code" or, on the first sign-in, the TOTP secret to
// enrol (with its QR code); the code (POST /api/staff/session/second-factor) makes the session active
// under a new cookie. GET /api/staff/me tells the screens who is signed in and the CSRF token;
// DELETE /api/staff/session signs out; POST /api/staff/password sets the password from a one-time link.
// While an account is locked, POST /api/staff/sign-in-link mails its owner a sign-in link (always 202,
// the lookup and the mail after the answer), and POST /api/staff/sign-in-link/session signs in with
// the link's token and a TOTP code, past the lock (decision 081, ./sign-in-links.ts).
//
// Wrong passwords and codes count together: the 5th in a row locks the account for 15 minutes (429
// `locked` with Retry-After, the status of every "wait and try again" of this API). An unknown e-mail
// costs the same password hash and locks the same way (counted by the rate limiter), so the answers
// tell nobody which addresses are staff. Sign-in calls are limited per client IP as well.

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SetPasswordRequestSchema,
  StaffLinkSignInRequestSchema,
  StaffLoginRequestSchema,
  StaffMeSchema,
  StaffSignInLinkAnswerSchema,
  StaffSignInLinkRequestSchema,
  TotpCodeRequestSchema,
  type StaffLoginAnswer,
  type StaffMe,
} from '../../src/contracts/staff';
import { usernameHash } from '../accounts/audit';
import { DEFAULT_PASSWORD_COST, dummyHash, hashPassword, verifyAgainstDummy, verifyPassword } from '../accounts/password-hash';
import { passwordProblem } from '../accounts/password-policy';
import { isTokenShaped } from '../accounts/secure-token';
import { staffUsers } from '../db/schema/staff';
import { badRequest } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { appendAudit } from './audit';
import { ANY_ROLE, allow, signedIn, staffError } from './guard';
import type { StaffPluginOptions } from './options';
import {
  activateSession,
  clearedSessionCookie,
  endSession,
  sessionCookie,
  sessionTiming,
  staffClock,
  staffSessionOf,
  startSession,
} from './sessions';
import { staffSignInLinkMail } from './mail';
import { staffRoutes } from './scope';
import { requestSignInLink, SIGN_IN_LINK_LIMITS, signInLinkUrl, signInWithLink } from './sign-in-links';
import { checkTotp, newEnrolment } from './totp';
import {
  acceptCode,
  findStaff,
  findStaffByEmail,
  LOCKOUT,
  lockedSeconds,
  normalizeEmail,
  recordFailure,
  setPasswordByLink,
  userOfLink,
} from './users';

/** Sign-in calls per client IP (password, code and set-password link together). */
export const SIGN_IN_LIMIT = { limit: 20, windowSeconds: 60 } as const;

const INVALID_CREDENTIALS = 'The e-mail address or the password is not correct.';

function locked(retryAfterSeconds: number) {
  return staffError(
    429,
    'locked',
    'Too many failed attempts: the account is locked for a while. Try again later, or ask an admin for a new link.',
    { retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

const secure = (request: FastifyRequest) => request.protocol === 'https';

export function registerStaffAuthRoutes(server: FastifyInstance, options: StaffPluginOptions): void {
  const { db, limiter } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const now = staffClock(options);
  const timing = sessionTiming(options.sessions);
  const cost = options.passwordCost ?? DEFAULT_PASSWORD_COST;
  const rule = options.signInLimit ?? SIGN_IN_LIMIT;
  // The first sign-in of an unknown e-mail must not pay for making the dummy hash.
  void dummyHash(cost).catch(() => undefined);

  const perIp: preValidationAsyncHookHandler = async (request) => {
    const hit = await limiter.hit(`staffSignIn:${request.ip}`, rule.limit, rule.windowSeconds);
    if (!hit.allowed) {
      request.log.warn({ staffEvent: 'sign_in_rate_limited' }, 'staff: sign-in rate limited');
      throw locked(hit.retryAfterSeconds);
    }
  };
  const withBody = <S>(body: S, invalidBody: string) => ({
    ...NO_STORE,
    preValidation: [perIp],
    schema: { body },
    config: { invalidBody },
  });
  const linkLimits = { ...SIGN_IN_LINK_LIMITS, ...options.signInLinkLimits };
  const linkPerIp: preValidationAsyncHookHandler = async (request) => {
    const { limit, windowSeconds } = linkLimits.perIp;
    const hit = await limiter.hit(`staffSignInLink:${request.ip}`, limit, windowSeconds);
    if (!hit.allowed) {
      request.log.warn({ staffEvent: 'sign_in_link_rate_limited' }, 'staff: sign-in link rate limited');
      throw locked(hit.retryAfterSeconds);
    }
  };
  /** The lookup and the mail of a sign-in link run after the answer where the runtime gives a queue for it. */
  const afterAnswer = (request: FastifyRequest, work: () => Promise<void>): Promise<void> | void => {
    const failed = (error: unknown) => request.log.error({ err: error }, 'staff: sign-in link request failed after the answer');
    if (!options.afterAnswer) return work();
    options.afterAnswer.run(work, failed);
  };

  app.post(
    '/api/staff/session',
    withBody(StaffLoginRequestSchema, 'Enter the e-mail address and the password of your staff account.'),
    async (request, reply): Promise<StaffLoginAnswer> => {
      const at = now();
      const email = normalizeEmail(request.body.email);
      const { password } = request.body;
      const user = await findStaffByEmail(db, email);

      if (!user) {
        await verifyAgainstDummy(password, cost);
        // Unknown addresses lock like known ones (counted per address in the limiter, not in a table).
        const hit = await limiter.hit(`staffUnknown:${usernameHash(email)}`, LOCKOUT.afterFailures - 1, LOCKOUT.minutes * 60);
        request.log.info({ staffEvent: 'sign_in_unknown', user: usernameHash(email) }, 'staff: sign-in with an unknown e-mail');
        if (!hit.allowed) throw locked(hit.retryAfterSeconds);
        throw staffError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }
      const wait = lockedSeconds(user, at);
      if (wait > 0) throw locked(wait);

      // A disabled user, or one who has not set a password yet, costs a hash as well and fails the same way.
      const valid =
        user.passwordHash !== null && user.disabledAt === null
          ? await verifyPassword(user.passwordHash, password)
          : await verifyAgainstDummy(password, cost);
      if (!valid) {
        const lockSeconds = await recordFailure(db, user.id, 'password', at);
        request.log.warn({ staffEvent: 'sign_in_failed', staffId: user.id, step: 'password' }, 'staff: wrong password');
        if (lockSeconds > 0) throw locked(lockSeconds);
        throw staffError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }

      // A session of this browser from before (half-way or not) ends: the new one gets a new token.
      const previous = staffSessionOf(request);
      if (previous) await endSession(db, previous.hash);
      let answer: StaffLoginAnswer = { step: 'secondFactor' };
      if (user.totpSecret === null || user.totpLastStep === null) {
        // Not enrolled: a fresh secret each time, kept on the user until a first code confirms it.
        const enrolment = await newEnrolment(user.email);
        await db.update(staffUsers).set({ totpSecret: enrolment.secret, totpLastStep: null }).where(eq(staffUsers.id, user.id));
        answer = { step: 'enrol', ...enrolment };
      }
      const session = await startSession(db, user.id, 'second_factor', at, timing);
      reply.header('Set-Cookie', sessionCookie(session.token, secure(request)));
      request.log.info({ staffEvent: 'password_accepted', staffId: user.id, enrol: answer.step === 'enrol' }, 'staff: password accepted');
      return answer;
    },
  );

  app.post(
    '/api/staff/session/second-factor',
    withBody(TotpCodeRequestSchema, 'Enter the 6 digits your authenticator app shows.'),
    async (request, reply): Promise<StaffMe> => {
      const at = now();
      const session = staffSessionOf(request);
      if (session?.stage !== 'second_factor') {
        throw staffError(401, 'signed_out', 'Enter your e-mail address and password first (or again: the sign-in timed out).');
      }
      const user = await findStaff(db, session.staffId);
      if (!user || user.disabledAt !== null) throw staffError(401, 'signed_out', 'Sign in again.');
      const wait = lockedSeconds(user, at);
      if (wait > 0) throw locked(wait);

      const secret = user.totpSecret;
      const check = secret ? await checkTotp(secret, request.body.code, user.totpLastStep, at) : { valid: false as const, replay: false };
      const enrolling = user.totpLastStep === null;
      const signedInNow =
        check.valid && secret
          ? await db.transaction(async (tx) => {
              // The step is taken in the transaction: of two requests with one code, one wins.
              if (!(await acceptCode(tx, user.id, secret, check.step))) return undefined;
              const next = await activateSession(tx, session.hash, at);
              if (!next) return undefined;
              const actor = { staffId: user.id, email: user.email };
              if (enrolling) await appendAudit(tx, actor, { action: 'staff.totp_enrolled', subject: user.email }, at);
              await appendAudit(tx, actor, { action: 'staff.signed_in', subject: user.email, after: { roles: user.roles } }, at);
              return next;
            })
          : undefined;
      if (!signedInNow) {
        const replay = check.valid || check.replay;
        const lockSeconds = await recordFailure(db, user.id, 'code', at, replay);
        request.log.warn({ staffEvent: 'sign_in_failed', staffId: user.id, step: 'code', replay }, 'staff: code refused');
        if (lockSeconds > 0) throw locked(lockSeconds);
        throw staffError(
          401,
          'invalid_code',
          replay ? 'This code was used already; wait for the next one.' : 'The code is not correct; check the time on your phone.',
        );
      }
      reply.header('Set-Cookie', sessionCookie(signedInNow.token, secure(request)));
      request.log.info({ staffEvent: 'signed_in', staffId: user.id }, 'staff: signed in');
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        roles: [...user.roles],
        csrfToken: signedInNow.csrfToken,
        idleMinutes: timing.idleMinutes,
      };
    },
  );

  // In a scope of its own: the answers are serialized by their zod schemas.
  staffRoutes(server, (scoped) => {
    scoped.post(
      '/api/staff/sign-in-link',
      {
        preValidation: [linkPerIp],
        schema: { body: StaffSignInLinkRequestSchema, response: { 202: StaffSignInLinkAnswerSchema } },
        config: { invalidBody: 'Enter the e-mail address of your staff account.' },
      },
      async (request, reply) => {
        const email = normalizeEmail(request.body.email);
        const { lang } = request.body;
        const user = usernameHash(email);
        // Mails per address: over the limit the answer stays the same and nothing is sent.
        const { limit, windowSeconds } = linkLimits.perAddress;
        const allowed = (await limiter.hit(`staffSignInLinkMail:${user}`, limit, windowSeconds)).allowed;
        if (allowed) {
          await afterAnswer(request, async () => {
            const at = now();
            const outcome = await requestSignInLink(db, email, at);
            if (!outcome) {
              request.log.info({ staffEvent: 'sign_in_link_requested', user, account: false }, 'staff: sign-in link for no account');
              return;
            }
            const link = outcome.kind === 'link' ? signInLinkUrl(options.origin, outcome.token) : null;
            await options.mailer.send(staffSignInLinkMail({ to: outcome.user, lang, link }));
            request.log.info(
              { staffEvent: 'sign_in_link_requested', staffId: outcome.user.id, enrolled: outcome.kind === 'link' },
              'staff: sign-in link mailed',
            );
          });
        } else {
          request.log.warn({ staffEvent: 'sign_in_link_mail_limited', user }, 'staff: sign-in link mails limited for an address');
        }
        return reply.status(202).send({ status: 'accepted' });
      },
    );

    scoped.post(
      '/api/staff/sign-in-link/session',
      {
        preValidation: [perIp, linkPerIp],
        schema: { body: StaffLinkSignInRequestSchema, response: { 200: StaffMeSchema } },
        config: { invalidBody: 'Enter the 6 digits your authenticator app shows.' },
      },
      async (request, reply): Promise<StaffMe> => {
        const at = now();
        const { token, code } = request.body;
        const linkInvalid = () =>
          staffError(
            400,
            'link_invalid',
            'This sign-in link is unknown, used, expired, replaced by a newer one or ended by wrong codes; ask for a new one on the sign-in page.',
          );
        if (!isTokenShaped(token)) throw linkInvalid();
        const outcome = await signInWithLink(db, token, code, at, timing);
        switch (outcome.kind) {
          case 'linkInvalid':
            request.log.warn({ staffEvent: 'sign_in_failed', step: 'link' }, 'staff: sign-in link refused');
            throw linkInvalid();
          case 'notEnrolled':
            throw staffError(
              403,
              'not_enrolled',
              'This account has no authenticator app yet, and a sign-in link needs its code; ask an admin for a new set-password link.',
            );
          case 'invalidCode':
            request.log.warn(
              { staffEvent: 'sign_in_failed', step: 'link_code', replay: outcome.replay, ended: outcome.ended },
              'staff: code refused',
            );
            if (outcome.ended) throw linkInvalid();
            throw staffError(
              401,
              'invalid_code',
              outcome.replay
                ? 'This code was used already; wait for the next one.'
                : 'The code is not correct; check the time on your phone.',
            );
          case 'signedIn':
            break;
        }
        const { user, session } = outcome;
        // A session of this browser from before ends: the link's session has a token of its own.
        const previous = staffSessionOf(request);
        if (previous) await endSession(db, previous.hash);
        reply.header('Set-Cookie', sessionCookie(session.token, secure(request)));
        request.log.info({ staffEvent: 'signed_in', staffId: user.id, via: 'link' }, 'staff: signed in with a link');
        return {
          id: user.id,
          email: user.email,
          name: user.name,
          roles: [...user.roles],
          csrfToken: session.csrfToken,
          idleMinutes: timing.idleMinutes,
        };
      },
    );
  });

  app.get('/api/staff/me', { ...NO_STORE, onRequest: allow(...ANY_ROLE) }, async (request): Promise<StaffMe> => {
    const staff = signedIn(request);
    return {
      id: staff.id,
      email: staff.email,
      name: staff.name,
      roles: [...staff.roles],
      csrfToken: staff.csrfToken,
      idleMinutes: timing.idleMinutes,
    };
  });

  app.delete('/api/staff/session', NO_STORE, async (request, reply: FastifyReply) => {
    const session = staffSessionOf(request);
    if (session) {
      await db.transaction(async (tx) => {
        await endSession(tx, session.hash);
        if (session.stage === 'active') {
          await appendAudit(
            tx,
            { staffId: session.staffId, email: session.email },
            { action: 'staff.signed_out', subject: session.email },
            now(),
          );
        }
      });
      request.log.info({ staffEvent: 'signed_out', staffId: session.staffId }, 'staff: signed out');
    }
    // Always a success: the browser forgets its cookie whatever the server still knew of it.
    return reply
      .header('Set-Cookie', clearedSessionCookie(secure(request)))
      .status(204)
      .send();
  });

  app.post(
    '/api/staff/password',
    withBody(SetPasswordRequestSchema, 'Choose a password of at least 12 characters.'),
    async (request, reply) => {
      const at = now();
      const { token, password } = request.body;
      const linkInvalid = () =>
        staffError(400, 'link_invalid', 'This link is unknown, was used already or has expired; ask an admin for a new one.');
      const user = isTokenShaped(token) ? await userOfLink(db, token, at) : undefined;
      if (!user) throw linkInvalid();
      const problem = passwordProblem(password, user.email);
      if (problem) throw badRequest('Choose another password.', [{ path: 'password', code: 'passwordWeak', message: problem }]);
      const outcome = await setPasswordByLink(db, token, await hashPassword(password, cost), at);
      if (outcome.kind === 'linkInvalid') throw linkInvalid();
      request.log.info({ staffEvent: 'password_set', staffId: outcome.user.id }, 'staff: password set');
      return reply.status(204).send();
    },
  );
}
