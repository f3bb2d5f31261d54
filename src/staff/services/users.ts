// Staff users (admin): the list, a new user with the one-time link to set a password, roles, disabling
// and a new link.

import {
  CreateStaffAnswerSchema,
  PasswordLinkAnswerSchema,
  StaffUserSchema,
  StaffUsersAnswerSchema,
  type StaffRole,
  type StaffUser,
} from '../../contracts/staff';
import { z } from '../../contracts/zod';
import type { StaffClient } from './client';

export type CreateStaffAnswer = z.infer<typeof CreateStaffAnswerSchema>;

const UserListSchema = z.pipe(
  StaffUsersAnswerSchema,
  z.transform((answer) => answer.users),
);

export async function listStaffUsers(client: StaffClient, signal?: AbortSignal): Promise<StaffUser[]> {
  return client.json('/api/staff/users', UserListSchema, signal ? { signal } : {});
}

export async function createStaffUser(
  client: StaffClient,
  request: { email: string; name: string; roles: StaffRole[] },
): Promise<CreateStaffAnswer> {
  return client.json('/api/staff/users', CreateStaffAnswerSchema, { method: 'POST', body: { ...request } });
}

export async function updateStaffUser(
  client: StaffClient,
  id: string,
  change: { roles?: StaffRole[]; disabled?: boolean },
): Promise<StaffUser> {
  return client.json(`/api/staff/users/${encodeURIComponent(id)}`, StaffUserSchema, { method: 'PATCH', body: { ...change } });
}

/** A new one-time link to set the password (the old one stops working). */
export async function newPasswordLink(client: StaffClient, id: string): Promise<string> {
  const answer = await client.json(`/api/staff/users/${encodeURIComponent(id)}/password-link`, PasswordLinkAnswerSchema, {
    method: 'POST',
    body: {},
  });
  return answer.setPasswordLink;
}
