// Whether the answer's time tells that an e-mail address is registered (issue 16 part 3): the account
// API in-process (fastify.inject, embedded database in memory, production password cost), one active
// account. Forgot-password for the known address against unknown ones, and registration of the known
// address against new ones; 10 warm-up rounds, then 50 measured calls of each, interleaved, the work
// after each answer drained outside the timed window. Measured with the work after the answer (how the
// server runs) and, for comparison, with the work before it. Budget: the difference of the medians
// ≤ 0.5 ms. Reports only. Writes bench/results/account-timing.json. Run: `npx tsx bench/account-timing.ts`.

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/client';
import { DeferredWork } from '../server/http/deferred-work';
import { accountTestApp, registerAndActivate, registrationPayload, testAccountServices } from '../server/test-support/accounts';

const WARMUP = 10;
const CALLS = 50;
const BUDGET_MS = 0.5;
const PASSWORD = 'Heidestrasse 17, Köln';
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round3 = (n: number) => Math.round(n * 1000) / 1000;

async function measure(deferred: boolean) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  const afterAnswer = deferred ? new DeferredWork() : undefined;
  // Production's argon2id cost (m = 19456 KiB, t = 2), so the registration's hashing is real work.
  const accounts = testAccountServices({ passwordCost: { memoryCost: 19_456, timeCost: 2 }, ...(afterAnswer && { afterAnswer }) });
  const app = await accountTestApp(handle.db, accounts);
  const known = `known-${randomUUID()}@example.com`;
  await registerAndActivate(app, accounts, { email: known, password: PASSWORD });
  const timed = async (url: string, payload: object) => {
    const started = performance.now();
    const answer = await app.inject({ method: 'POST', url, headers: { host: 'de.localhost' }, payload });
    const elapsed = performance.now() - started;
    if (answer.statusCode !== 202) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
    await afterAnswer?.drain();
    return elapsed;
  };
  const forgot = (email: string) => timed('/api/account/forgotPasswordMail', { email, lang: 'de' });
  const register = (email: string) => timed('/api/account/register', registrationPayload({ email, password: PASSWORD }));
  const samples = {
    forgotKnown: [] as number[],
    forgotUnknown: [] as number[],
    registerKnown: [] as number[],
    registerNew: [] as number[],
  };
  for (let round = 0; round < WARMUP + CALLS; round++) {
    const measured = round >= WARMUP;
    // Alternating which goes first, so neither side always runs on a warmer process.
    const pairs: [keyof typeof samples, () => Promise<number>][] = [
      ['forgotKnown', () => forgot(known)],
      ['forgotUnknown', () => forgot(`nobody-${randomUUID()}@example.com`)],
      ['registerKnown', () => register(known)],
      ['registerNew', () => register(`new-${randomUUID()}@example.com`)],
    ];
    if (round % 2) pairs.reverse();
    for (const [name, call] of pairs) {
      const ms = await call();
      if (measured) samples[name].push(ms);
    }
  }
  await app.close();
  await handle.close();
  const row = (known: number[], other: number[]) => ({
    knownMedianMs: round3(median(known)),
    otherMedianMs: round3(median(other)),
    differenceMs: round3(Math.abs(median(known) - median(other))),
  });
  return { forgotPassword: row(samples.forgotKnown, samples.forgotUnknown), register: row(samples.registerKnown, samples.registerNew) };
}

const after = await measure(true);
const before = await measure(false);
const lines = [
  ['', 'known address', 'unknown/new', 'difference', 'verdict'],
  ...(
    [
      ['forgot-password, work after the answer (server)', after.forgotPassword],
      ['register, work after the answer (server)', after.register],
      ['forgot-password, work before the answer', before.forgotPassword],
      ['register, work before the answer', before.register],
    ] as const
  ).map(([label, r]) => [
    label,
    `${r.knownMedianMs.toFixed(3)} ms`,
    `${r.otherMedianMs.toFixed(3)} ms`,
    `${r.differenceMs.toFixed(3)} ms`,
    r.differenceMs <= BUDGET_MS ? 'within budget' : 'OVER budget',
  ]),
];
const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
console.log(`\nAccount answers, medians of ${CALLS} calls each (budget: difference ≤ ${BUDGET_MS} ms)`);
for (const l of lines) console.log('  ' + l.map((c, i) => c.padEnd(widths[i]!)).join('  '));
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(
  join(RESULTS_DIR, 'account-timing.json'),
  JSON.stringify(
    { generatedAt: new Date().toISOString(), calls: CALLS, budgetMs: BUDGET_MS, afterAnswer: after, beforeAnswer: before },
    null,
    2,
  ),
);
