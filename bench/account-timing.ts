// Whether the answer's time tells that an e-mail address is registered (issue 16 part 3, issue 33
// item 5): the account API in-process (fastify.inject, embedded database in memory, production
// password cost), one active account. Forgot-password and the sign-in link for the known address
// against unknown ones, registration of the known address against new ones: PAIRS pairs of calls
// made back to back (nothing drained in between, as an attacker would send them; the order within a
// pair alternates), after WARMUP pairs. Per pair the difference known − unknown; printed: its mean
// with a 95 % confidence interval (normal approximation, n ≥ 200) and the medians. An interval that
// holds 0 finds no difference. Run twice: with the server's queue for the work after the answer
// (one at a time, server/http/deferred-work.ts) and, for comparison, with every piece of work started
// at once (how it ran before). Reports only. Writes bench/results/account-timing.json.
// Run: `npx tsx bench/account-timing.ts [pairs]`.

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/client';
import { DeferredWork } from '../server/http/deferred-work';
import { accountTestApp, registerAndActivate, registrationPayload, testAccountServices } from '../server/test-support/accounts';

const WARMUP = 20;
const PAIRS = Math.max(200, Number(process.argv[2]) || 200);
const PASSWORD = 'Heidestrasse 17, Köln';
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const Z95 = 1.96;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Mean of the pairwise differences with its 95 % confidence interval, and the medians of each side. */
function summary(known: number[], other: number[]) {
  const differences = known.map((k, i) => k - other[i]!);
  const n = differences.length;
  const mean = differences.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(differences.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1));
  const half = (Z95 * sd) / Math.sqrt(n);
  return {
    pairs: n,
    knownMedianMs: round3(median(known)),
    otherMedianMs: round3(median(other)),
    meanDifferenceMs: round3(mean),
    ci95Ms: [round3(mean - half), round3(mean + half)] as const,
  };
}

type Kind = 'forgotPassword' | 'signInLink' | 'register';

async function measure(mode: 'queue' | 'allAtOnce') {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  const afterAnswer = new DeferredWork(mode === 'queue' ? {} : { concurrency: Number.MAX_SAFE_INTEGER });
  // Production's argon2id cost (m = 19456 KiB, t = 2), so the registration's hashing is real work.
  const accounts = testAccountServices({ passwordCost: { memoryCost: 19_456, timeCost: 2 }, afterAnswer });
  const app = await accountTestApp(handle.db, accounts);
  const known = `known-${randomUUID()}@example.com`;
  await registerAndActivate(app, accounts, { email: known, password: PASSWORD });
  const timed = async (url: string, payload: object) => {
    const started = performance.now();
    const answer = await app.inject({ method: 'POST', url, headers: { host: 'de.localhost' }, payload });
    const elapsed = performance.now() - started;
    if (answer.statusCode !== 202) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
    return elapsed;
  };
  const calls: Record<Kind, (email: string) => Promise<number>> = {
    forgotPassword: (email) => timed('/api/account/forgotPasswordMail', { email, lang: 'de' }),
    signInLink: (email) => timed('/api/account/signInLinkMail', { email, lang: 'de' }),
    register: (email) => timed('/api/account/register', registrationPayload({ email, password: PASSWORD })),
  };
  const results = {} as Record<Kind, ReturnType<typeof summary>>;
  for (const kind of Object.keys(calls) as Kind[]) {
    const knownMs: number[] = [];
    const otherMs: number[] = [];
    for (let pair = 0; pair < WARMUP + PAIRS; pair++) {
      const sides = [
        () => calls[kind](known).then((ms) => pair >= WARMUP && knownMs.push(ms)),
        () => calls[kind](`other-${randomUUID()}@example.com`).then((ms) => pair >= WARMUP && otherMs.push(ms)),
      ];
      if (pair % 2) sides.reverse();
      for (const side of sides) await side();
    }
    results[kind] = summary(knownMs, otherMs);
    await afterAnswer.drain();
  }
  await app.close();
  await handle.close();
  return results;
}

const queued = await measure('queue');
const allAtOnce = await measure('allAtOnce');
const ms = (n: number) => `${n.toFixed(3)} ms`;
const lines = [
  ['', 'known (median)', 'unknown/new (median)', 'mean known − unknown [95 % CI]', 'verdict'],
  ...(
    [
      ['forgot-password, queued work (server)', queued.forgotPassword],
      ['sign-in link, queued work (server)', queued.signInLink],
      ['register, queued work (server)', queued.register],
      ['forgot-password, all work at once (before)', allAtOnce.forgotPassword],
      ['sign-in link, all work at once (before)', allAtOnce.signInLink],
      ['register, all work at once (before)', allAtOnce.register],
    ] as const
  ).map(([label, r]) => [
    label,
    ms(r.knownMedianMs),
    ms(r.otherMedianMs),
    `${ms(r.meanDifferenceMs)} [${r.ci95Ms[0].toFixed(3)}, ${r.ci95Ms[1].toFixed(3)}]`,
    r.ci95Ms[0] <= 0 && r.ci95Ms[1] >= 0 ? 'no difference found' : 'DIFFERENCE',
  ]),
];
const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
console.log(`\nAccount answers, ${PAIRS} back-to-back pairs each after ${WARMUP} warm-up pairs`);
for (const l of lines) console.log('  ' + l.map((c, i) => c.padEnd(widths[i]!)).join('  '));
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(
  join(RESULTS_DIR, 'account-timing.json'),
  JSON.stringify({ generatedAt: new Date().toISOString(), pairs: PAIRS, warmup: WARMUP, queued, allAtOnce }, null, 2),
);
