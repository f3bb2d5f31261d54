// The ops commands for back-office users (`npm run ops -- staff …`), called as functions on PGlite and
// (with TEST_DATABASE_URL) PostgreSQL: add prints the one-time link on its own line, list shows the
// users, link resets one; each change is in the audit log as `cli`.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { auditLog, staffUsers } from '../db/schema/staff';
import { testDatabases } from '../test-support/databases';
import { createStaffUser } from '../test-support/staff';
import { userOfLink } from '../staff/users';
import { UsageError } from './command';
import { staffAdd, staffLink, staffList } from './staff';

const ORIGIN = 'https://staff.tradein.test';

describe.each(testDatabases())('ops staff commands on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('staff add creates the user and prints the one-time link alone on its last line; the audit log says cli', async () => {
    const lines = await staffAdd(db, ['--email', 'Chef@Tradein.test', '--role', 'admin', '--role', 'support', '--name', 'Chefin'], ORIGIN);
    const link = lines.at(-1)!;
    expect(link).toMatch(/^https:\/\/staff\.tradein\.test\/set-password\?token=[\w-]{43}$/);
    expect(lines.slice(0, -1).join('\n')).toMatch(/chef@tradein\.test created \(admin, support\)/);
    const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'chef@tradein.test'));
    expect(user).toMatchObject({ name: 'Chefin', roles: ['admin', 'support'], passwordHash: null, totpSecret: null });
    expect((await userOfLink(db, tokenOf(link), new Date()))?.id).toBe(user!.id);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.subject, 'chef@tradein.test'));
    expect(entry).toMatchObject({ actor: 'cli', staffId: null, action: 'staff.created' });
    expect(JSON.stringify(entry)).not.toContain(tokenOf(link));

    await expect(staffAdd(db, ['--email', 'chef@tradein.test', '--role', 'admin'], ORIGIN)).rejects.toThrow(/already/);
    // Without --name the e-mail's local part names the user.
    await staffAdd(db, ['--email', 'ines@tradein.test', '--role', 'inspector'], ORIGIN);
    const [ines] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'ines@tradein.test'));
    expect(ines!.name).toBe('ines');
  });

  it('staff add refuses wrong arguments with a usage error', async () => {
    for (const args of [
      ['--role', 'admin'],
      ['--email', 'not-an-address', '--role', 'admin'],
      ['--email', 'x@tradein.test'],
      ['--email', 'x@tradein.test', '--role', 'boss'],
      ['--email', 'x@tradein.test', '--role', 'admin', 'extra'],
      ['--email', 'x@tradein.test', '--role', 'admin', '--rights', 'all'],
    ]) {
      await expect(staffAdd(db, args, ORIGIN)).rejects.toBeInstanceOf(UsageError);
    }
    expect(await db.select().from(staffUsers).where(eq(staffUsers.email, 'x@tradein.test'))).toEqual([]);
  });

  it('staff link resets the password and second factor and prints a new link; staff list shows the users', async () => {
    const user = await createStaffUser(db, { email: 'pay@tradein.test', roles: ['payouts'], name: 'Paula' });
    expect((await staffList(db, [])).join('\n')).toMatch(/pay@tradein\.test\s+Paula\s+payouts\s+active/);
    const lines = await staffLink(db, ['--email', 'PAY@tradein.test'], ORIGIN);
    expect(lines.at(-1)).toMatch(/^https:\/\/staff\.tradein\.test\/set-password\?token=[\w-]{43}$/);
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row).toMatchObject({ passwordHash: null, totpSecret: null, totpLastStep: null });
    expect((await staffList(db, [])).join('\n')).toMatch(/pay@tradein\.test\s+Paula\s+payouts\s+link sent/);
    const entries = await db.select().from(auditLog).where(eq(auditLog.subject, 'pay@tradein.test'));
    expect(entries.map((e) => [e.actor, e.action])).toEqual([['cli', 'staff.link_issued']]);
    await expect(staffLink(db, ['--email', 'nobody@tradein.test'], ORIGIN)).rejects.toThrow(/no staff user/);
  });
});
