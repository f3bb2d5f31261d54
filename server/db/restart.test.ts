// A server killed with SIGKILL and started again at once on the same embedded database (issue 33):
// the supervisor here is a shell that kills the server and execs the next one in its place, so the
// killed process stays a zombie (nobody reaps it) while the new one takes the lock, the case in
// which the lock used to count the dead server as alive. The trades committed before the kill are
// all there afterwards, and the restarted server takes new ones.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../platform/paths';
import { listTrades } from '../trades/lifecycle';
import { openDatabase } from './client';

const SUPERVISOR = `
node --import tsx server/test-support/embedded-shop.ts "$1" &
echo "pid $!"
read -r _
kill -9 $!
exec node --import tsx server/test-support/embedded-shop.ts "$1"
`;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'restart-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const BEST = { 1: 11, 2: 21, 3: 31 };

async function sellOne(port: number): Promise<string> {
  const post = (url: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { host: 'de.localhost', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const offer = await post('/api/offers', { deviceId: 1300, answers: BEST });
  expect(offer.status).toBe(201);
  const trade = await post(
    '/api/trades',
    {
      offerIds: [((await offer.json()) as { offerId: string }).offerId],
      identity: { kind: 'guest', email: `seller-${crypto.randomUUID()}@example.com` },
      address: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
      payout: { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
      termsAccepted: true,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(trade.status).toBe(201);
  return ((await trade.json()) as { tradeNumber: string }).tradeNumber;
}

const processState = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};

describe('SIGKILL and an immediate restart on the embedded database', () => {
  it('takes the lock of the killed (zombie) server and keeps every committed trade', async () => {
    const dataDir = join(root, 'db');
    const supervisor = spawn('bash', ['-c', SUPERVISOR, 'supervisor', dataDir], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    supervisor.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((done) => supervisor.once('exit', (code) => done(code)));
    const lines = createInterface({ input: supervisor.stdout })[Symbol.asyncIterator]();
    const nextLine = async (prefix: string) => {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`the server ended before "${prefix}": ${stderr}`);
        if (value.startsWith(prefix)) return value.slice(prefix.length);
      }
    };
    try {
      const killedPid = Number(await nextLine('pid '));
      const firstPort = Number(await nextLine('listening '));
      const committed = [await sellOne(firstPort), await sellOne(firstPort), await sellOne(firstPort)];

      supervisor.stdin.write('kill\n');
      const secondPort = Number(await nextLine('listening '));
      // The killed server was never reaped: it is a zombie while its successor holds the lock.
      if (existsSync('/proc/self/stat')) expect(processState(killedPid)).toBe('Z');
      expect(readFileSync(`${dataDir}.lock`, 'utf8').split(' ')[0]).toBe(String(supervisor.pid));
      committed.push(await sellOne(secondPort));

      supervisor.kill('SIGTERM');
      expect(await exited).toBe(0);
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const found = (await listTrades(handle.db, { limit: 100 })).map((trade) => trade.tradeNumber);
        expect(found.sort()).toEqual(committed.sort());
      } finally {
        await handle.close();
      }
    } finally {
      if (supervisor.exitCode === null) supervisor.kill('SIGKILL');
    }
  }, 120_000);
});
