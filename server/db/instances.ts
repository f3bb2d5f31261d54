// This server process among the others (issue 16 part 4: a seller's retry after a crash was refused
// for the five minutes of a claim's lease). Each process has a boot id; it registers it in
// `server_instances` at start, beats every HEARTBEAT_SECONDS and removes it on a clean stop. An
// idempotency claim records the boot id that holds it; a claim whose process is gone (no row, or no
// beat for STALE_SECONDS) is taken over at once. The embedded database serves one process only, so
// there every other registered process is gone by construction and is removed at start.

import { randomUUID } from 'node:crypto';
import { eq, ne, sql } from 'drizzle-orm';
import type { Database } from './client';
import { serverInstances } from './schema/platform';

/** This process's boot id. */
export const BOOT_ID = randomUUID();

export const HEARTBEAT_SECONDS = 5;
/** A process that has not beaten for this long is gone (three beats missed). */
export const STALE_SECONDS = 3 * HEARTBEAT_SECONDS;

export interface InstanceRegistration {
  stop(): Promise<void>;
}

/** Registers this process and keeps it alive until `stop()`. `alone`: no other process can use this database. */
export async function registerInstance(db: Database, { alone }: { alone: boolean }): Promise<InstanceRegistration> {
  if (alone) await db.delete(serverInstances).where(ne(serverInstances.bootId, BOOT_ID));
  await db.insert(serverInstances).values({ bootId: BOOT_ID }).onConflictDoNothing();
  const beat = setInterval(() => {
    void db
      .update(serverInstances)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(serverInstances.bootId, BOOT_ID))
      .catch(() => undefined);
  }, HEARTBEAT_SECONDS * 1000);
  beat.unref();
  return {
    async stop() {
      clearInterval(beat);
      await db.delete(serverInstances).where(eq(serverInstances.bootId, BOOT_ID));
    },
  };
}
