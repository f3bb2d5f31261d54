// The mail worker as its own process (`npm run worker`, issue 16 part 8, decision 054): it sends the
// outbox table's mail for servers started with MAIL_WORKER=off. Several workers (and servers with
// their inline worker) may run at once: each row is claimed by one of them (FOR UPDATE SKIP LOCKED).
// PostgreSQL only: the embedded database has one process, and the server's own worker sends there.

import { pino } from 'pino';
import { readConfig } from './platform/config';
import { openDatabase } from './db/client';
import { createShippingServices } from './shipping';
import { databaseTarget } from './runtime';

const config = readConfig();
if (!config.DATABASE_URL) {
  console.error(
    'The mail worker runs as its own process on PostgreSQL only (DATABASE_URL). With the embedded database the server sends its mail itself.',
  );
  process.exit(2);
}
const log = pino({ level: config.LOG_LEVEL });
const handle = await openDatabase(databaseTarget(config));
const shipping = await createShippingServices({ ...config, MAIL_WORKER: 'inline' }, { db: handle.db, log });
shipping.mailQueue!.worker!.start();
log.info({ transport: config.SMTP_URL ? 'smtp' : 'file outbox' }, 'mail worker started');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'mail worker stopping after its batch');
    void shipping.mailer
      .close?.()
      .then(() => handle.close())
      .then(() => process.exit(0));
  });
}
