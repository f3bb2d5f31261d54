// Staff users, for admins only (decision 071): the list, a new user with the one-time link to set a
// password (absolute, on the back office's origin), roles and the disabled flag, and a new link (which
// resets the password and the second factor and ends the user's sessions). An admin can neither take
// the admin role from nor disable nor reset themselves (`own_account`), so the back office always keeps
// an admin. Every change writes an audit row (./users.ts).

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateStaffRequestSchema, type StaffUsersAnswerSchema, UpdateStaffRequestSchema, type StaffUser } from '../../src/contracts/staff';
import { z } from '../../src/contracts/zod';
import { NO_STORE } from '../http/no-store';
import type { AuditActor } from './audit';
import { allow, signedIn, staffError } from './guard';
import type { StaffPluginOptions } from './options';
import { staffClock } from './sessions';
import { createStaff, issuePasswordLink, listStaff, setPasswordLink, updateStaff } from './users';

const IdParamsSchema = z.object({ id: z.uuid({ error: 'Not a staff user id.' }) });

const notFound = () => staffError(404, 'staff_not_found', 'There is no such staff user.');
const ownAccount = () =>
  staffError(403, 'own_account', 'You cannot take the admin role from, disable or reset your own account; ask another admin.');

export function registerStaffUserRoutes(server: FastifyInstance, options: StaffPluginOptions): void {
  const { db, origin } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const now = staffClock(options);
  const admin = { ...NO_STORE, onRequest: allow('admin') };
  const actorOf = (request: Parameters<typeof signedIn>[0]): AuditActor => {
    const staff = signedIn(request);
    return { staffId: staff.id, email: staff.email };
  };

  app.get('/api/staff/users', admin, async (): Promise<z.infer<typeof StaffUsersAnswerSchema>> => ({ users: await listStaff(db) }));

  app.post(
    '/api/staff/users',
    { ...admin, schema: { body: CreateStaffRequestSchema }, config: { invalidBody: 'The new staff user is not complete.' } },
    async (request, reply) => {
      const outcome = await createStaff(db, actorOf(request), request.body, now());
      if (outcome.kind === 'exists') throw staffError(409, 'staff_exists', 'There is a staff user with this e-mail address already.');
      return reply.status(201).send({ user: outcome.user, setPasswordLink: setPasswordLink(origin, outcome.token) });
    },
  );

  app.patch(
    '/api/staff/users/:id',
    { ...admin, schema: { params: IdParamsSchema, body: UpdateStaffRequestSchema }, config: { invalidBody: 'The change is not valid.' } },
    async (request): Promise<StaffUser> => {
      const outcome = await updateStaff(db, actorOf(request), request.params.id, request.body, now());
      if (outcome.kind === 'notFound') throw notFound();
      if (outcome.kind === 'ownAccount') throw ownAccount();
      return outcome.user;
    },
  );

  app.post('/api/staff/users/:id/password-link', { ...admin, schema: { params: IdParamsSchema } }, async (request) => {
    const outcome = await issuePasswordLink(db, actorOf(request), { id: request.params.id }, now());
    if (outcome.kind === 'notFound') throw notFound();
    if (outcome.kind === 'ownAccount') throw ownAccount();
    return { user: outcome.user, setPasswordLink: setPasswordLink(origin, outcome.token) };
  });
}
