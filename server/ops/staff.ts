// Operator commands for the back office's users (decision 071): add the first admin (or anyone) and
// print the one-time link that sets their password, list the users, and send a user a new link (which
// resets their password and second factor). The links point at the staff origin (PUBLIC_ORIGINS
// `staff=…`, else http://staff.localhost:<PORT>); each change is in the audit log as `cli`.

import { STAFF_ROLES, type StaffRole } from '../../src/contracts/staff';
import type { Database } from '../db/client';
import { staffOrigin } from '../platform/origins';
import { createStaff, issuePasswordLink, listStaff, LINK_HOURS, setPasswordLink } from '../staff/users';
import { opsConfig, parse, print, table, UsageError, when, withDatabase, type Command } from './command';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailOption(value: string | undefined): string {
  if (!value || !EMAIL.test(value) || value.length > 254) throw new UsageError("--email takes the staff user's e-mail address.");
  return value.toLowerCase();
}

/** Where the command's links point, and where that comes from. */
function originLine(origin: string): string {
  return opsConfig().PUBLIC_ORIGINS?.staff
    ? `links use ${origin} (PUBLIC_ORIGINS)`
    : `links use ${origin} (PUBLIC_ORIGINS has no "staff": the local origin on PORT ${opsConfig().PORT})`;
}

/** `staff add`: the output lines, the link alone on its last line. */
export async function staffAdd(db: Database, args: string[], origin: string, now = new Date()): Promise<string[]> {
  const { values } = parse(args, { email: { type: 'string' }, role: { type: 'string', multiple: true }, name: { type: 'string' } }, 0);
  const email = emailOption(values.email);
  const roles = values.role ?? [];
  if (roles.length === 0) throw new UsageError(`Give at least one --role (${STAFF_ROLES.join(', ')}).`);
  const unknown = roles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) throw new UsageError(`Unknown role ${unknown.join(', ')}: the roles are ${STAFF_ROLES.join(', ')}.`);
  const name = values.name?.trim() || email.slice(0, email.indexOf('@'));
  if (name.length > 100) throw new UsageError('--name takes at most 100 characters.');
  const outcome = await createStaff(db, 'cli', { email, name, roles: roles as StaffRole[] }, now);
  if (outcome.kind === 'exists') throw new Error(`There is a staff user ${email} already (staff link --email ${email} sends a new link).`);
  return [
    originLine(origin),
    `staff user ${outcome.user.email} created (${outcome.user.roles.join(', ')}); the link sets the password, once, within ${LINK_HOURS} hours:`,
    setPasswordLink(origin, outcome.token),
  ];
}

/** `staff link`: a new link (password and second factor reset, sessions ended). */
export async function staffLink(db: Database, args: string[], origin: string, now = new Date()): Promise<string[]> {
  const { values } = parse(args, { email: { type: 'string' } }, 0);
  const email = emailOption(values.email);
  const outcome = await issuePasswordLink(db, 'cli', { email }, now);
  if (outcome.kind !== 'issued') throw new Error(`There is no staff user ${email} (staff list shows them).`);
  return [
    originLine(origin),
    `${email}: password and second factor reset, sessions ended; the link sets a new password, once, within ${LINK_HOURS} hours:`,
    setPasswordLink(origin, outcome.token),
  ];
}

export async function staffList(db: Database, args: string[]): Promise<string[]> {
  parse(args, {}, 0);
  const users = await listStaff(db);
  if (users.length === 0) return ['no staff users (staff add --email … --role admin creates the first)'];
  const state = (u: (typeof users)[number]) => (u.disabled ? 'disabled' : u.enrolled ? 'active' : 'link sent');
  return [
    table(
      ['e-mail', 'name', 'roles', 'state', 'created'],
      users.map((u) => [u.email, u.name, u.roles.join(','), state(u), when(new Date(u.createdAt))]),
    ),
  ];
}

const printLines = (lines: string[]) => {
  for (const line of lines) print(line);
};
const origin = () => staffOrigin(opsConfig().PUBLIC_ORIGINS ?? {}, opsConfig().PORT);

export const staffCommands: Record<string, Command> = {
  'staff add': {
    usage: 'staff add --email <e-mail> --role <role> [--role <role>] [--name <name>]',
    help: `Creates a back-office user (roles: ${STAFF_ROLES.join(', ')}) and prints the one-time link that sets the password.`,
    run: async (args) => printLines(await withDatabase((db) => staffAdd(db, args, origin()))),
  },
  'staff list': {
    usage: 'staff list',
    help: 'Lists the back-office users with their roles and whether they have signed in (enrolled their second factor).',
    run: async (args) => printLines(await withDatabase((db) => staffList(db, args))),
  },
  'staff link': {
    usage: 'staff link --email <e-mail>',
    help: 'Prints a new one-time link for a back-office user: it resets their password and second factor and\nends their sessions (a lost phone or password).',
    run: async (args) => printLines(await withDatabase((db) => staffLink(db, args, origin()))),
  },
};
