// The process registry behind idempotency takeovers: the embedded database clears processes that
// cannot run beside this one; a shared database keeps them; a clean stop removes this process.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serverInstances } from './schema/platform';
import { BOOT_ID, registerInstance } from './instances';
import { testDatabases } from '../test-support/databases';

describe.each(testDatabases())('server instances on $name', (database) => {
  it('registers this process, clears the others only when it is alone, and leaves on stop', async () => {
    const handle = await database.open();
    const other = randomUUID();
    await handle.db.insert(serverInstances).values({ bootId: other });
    const ids = async () => (await handle.db.select({ id: serverInstances.bootId }).from(serverInstances)).map((r) => r.id).sort();

    const shared = await registerInstance(handle.db, { alone: false });
    expect(await ids()).toEqual([BOOT_ID, other].sort());
    await shared.stop();
    expect(await ids()).toEqual([other]);

    const alone = await registerInstance(handle.db, { alone: true });
    expect(await ids()).toEqual([BOOT_ID]);
    await alone.stop();
    expect(await ids()).toEqual([]);
    await handle.close();
  }, 60_000);
});
